import { vehicleMakes } from "@/lib/fitment/queries";
import { jsonReply } from "@/lib/http/errors";
import { yearParam } from "@/lib/fitment/vehicle-params";
import { route } from "@/lib/http/route";

type Context = { params: Promise<{ year: string }> };

/** The makes of that year, A-Z: `{ slug, name }` each ([] for a year without any). */
export const GET = route(async (_request: Request, { params }: Context) => jsonReply({ success: true, result: await vehicleMakes(yearParam((await params).year)) }));

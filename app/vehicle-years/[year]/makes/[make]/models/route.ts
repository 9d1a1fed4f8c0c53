import { vehicleModels } from "@/lib/fitment/queries";
import { jsonReply } from "@/lib/http/errors";
import { slugParam, yearParam } from "@/lib/fitment/vehicle-params";
import { route } from "@/lib/http/route";

type Context = { params: Promise<{ year: string; make: string }> };

/** The models of that make that year, A-Z: `{ slug, name }` each. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const { year, make } = await params;
  return jsonReply({ success: true, result: await vehicleModels(yearParam(year), slugParam(make, "The make")) });
});

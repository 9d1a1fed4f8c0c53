import { vehicleEngines } from "@/lib/fitment/queries";
import { jsonReply } from "@/lib/http/errors";
import { slugParam, yearParam } from "@/lib/fitment/vehicle-params";
import { route } from "@/lib/http/route";

type Context = { params: Promise<{ year: string; make: string; model: string }> };

/** The engines of that model that year that some part names, A-Z: `{ slug, name }` each. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const { year, make, model } = await params;
  return jsonReply({ success: true, result: await vehicleEngines(yearParam(year), slugParam(make, "The make"), slugParam(model, "The model")) });
});

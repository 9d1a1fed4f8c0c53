import { removeFitment } from "@/lib/catalogue/fitment-commands";
import { parseWith } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { objectIdParam } from "@/lib/http/params";
import { slugParam, yearParam } from "@/lib/fitment/vehicle-params";
import { route } from "@/lib/http/route";
import { queryObject } from "@/lib/validation/common";
import { fitmentRemovalQuerySchema } from "@/lib/validation/fitment";

type Context = { params: Promise<{ id: string; year: string; make: string; model: string }> };

/** Admin: takes a model year off the part's fitment; `?engine=` (slug) and/or `?position=` take only those applications. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const { id, year, make, model } = await params;
  const only = parseWith(fitmentRemovalQuerySchema, queryObject(request.url));
  const { removed } = await removeFitment(objectIdParam(id, "The part id"), {
    year: yearParam(year),
    make: slugParam(make, "The make"),
    model: slugParam(model, "The model"),
    ...only,
  });
  return jsonReply({ success: true, removed, message: `${removed} fitment${removed === 1 ? "" : "s"} removed.` });
});

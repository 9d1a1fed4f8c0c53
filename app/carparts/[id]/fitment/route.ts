import { findPart } from "@/lib/catalogue/queries";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { partFitmentPage } from "@/lib/fitment/queries";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { pagedReply } from "@/lib/http/paging";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { fitmentAddSchema } from "@/lib/validation/fitment";

type Context = { params: Promise<{ id: string }> };

/** One page of the model years the part fits, newest first (paging as GET /carparts); 404 for an unknown part. */
export const GET = route(async (request: Request, { params }: Context) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  const id = objectIdParam((await params).id, "The part id");
  if (!(await findPart(id))) throw new HttpError(404, "There is no part with this id.");
  const { rows } = await partFitmentPage(id, { offset: paging.skip, limit: paging.limit });
  return pagedReply(request, rows, paging);
});

/** Admin: adds fitment rows (a year range is one row); a row the part has already gets the new note. */
export const POST = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The part id");
  const { rows } = parseWith(fitmentAddSchema, await readJsonBody(request));
  const result = await addFitment(id, rows);
  return jsonReply({ success: true, message: `${result.added} fitment${result.added === 1 ? "" : "s"} added, ${result.updated} updated, ${result.unchanged} already there.`, result });
});

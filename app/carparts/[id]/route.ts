import { deletePart, updatePart } from "@/lib/catalogue/commands";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { cachedPart } from "@/lib/catalogue/cached-reads";
import { partUpdateSchema } from "@/lib/validation/parts";

type Context = { params: Promise<{ id: string }> };

/** One part: `{ success, result }`; a malformed id is 400, an unknown one 404. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const id = objectIdParam((await params).id, "The part id");
  // From the data cache, expired by this part's writes (lib/cache/tags.ts).
  const part = await cachedPart(id);
  if (!part) throw new HttpError(404, "There is no part with this id.");
  return jsonReply({ success: true, result: part });
});

/** Admin: edits any of partsname, image, price, minOrder, description (the stock changes by PATCH …/stock). */
export const PUT = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The part id");
  const changes = parseWith(partUpdateSchema, await readJsonBody(request));
  const part = await updatePart(id, changes);
  return jsonReply({ success: true, message: `${part.partsname} updated.`, result: part });
});

/** Admin: deletes a part that has no open (placed or shipped) orders; otherwise 409 saying why. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The part id");
  const { deletedCount } = await deletePart(id);
  return jsonReply({ success: true, deletedCount, message: "Part deleted." });
});

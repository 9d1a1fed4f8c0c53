import { findPart } from "@/lib/catalogue";
import { HttpError, jsonReply, objectIdParam, route } from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

/** One part: `{ success, result }`; a malformed id is 400, an unknown one 404. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const id = objectIdParam((await params).id, "The part id");
  const part = await findPart(id);
  if (!part) throw new HttpError(404, "There is no part with this id.");
  return jsonReply({ success: true, result: part });
});

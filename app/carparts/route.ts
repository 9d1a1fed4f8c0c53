import { addPart, listParts } from "@/lib/catalogue";
import { cachedPartList } from "@/lib/public-data";
import { jsonReply, parseWith, readJsonBody, requireAdmin, route } from "@/lib/http";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { partSchema } from "@/lib/validation/parts";

/** The catalogue, newest last; optional ?limit=&skip= or ?limit=&page=. */
export const GET = route(async (request: Request) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  // A page is served from the data cache (tag "parts"); the whole catalogue at once is not cached.
  return jsonReply(paging.limit === undefined ? await listParts(paging) : await cachedPartList(paging));
});

/** Admin: adds a part (the body's email is ignored; the session says who). */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const input = parseWith(partSchema, await readJsonBody(request));
  const part = await addPart(input);
  return jsonReply({ success: true, message: `${part.partsname} added to the catalogue.`, result: part }, 201);
});

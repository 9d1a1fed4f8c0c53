import { addPart } from "@/lib/catalogue/commands";
import { partsByIds } from "@/lib/catalogue/queries";
import { vehiclePartIds } from "@/lib/fitment/vehicle-parts";
import { cachedPartList } from "@/lib/catalogue/cached-reads";
import { jsonReply } from "@/lib/http/errors";
import { pagedReply } from "@/lib/http/paging";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { vehicleQueryParam } from "@/lib/fitment/vehicle-params";
import { route } from "@/lib/http/route";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { partSchema } from "@/lib/validation/parts";

/**
 * One page of the catalogue, newest last: ?limit=&skip= or ?limit=&page= (default the first 100),
 * Link to the next. With ?vehicle=<year>/<make>/<model>: the parts that fit it, then the universal ones.
 */
export const GET = route(async (request: Request) => {
  const query = queryObject(request.url);
  const paging = parseWith(pagingQuerySchema, query);
  const vehicle = vehicleQueryParam(query.vehicle);
  if (vehicle) {
    const { ids } = await vehiclePartIds(vehicle, { offset: paging.skip, limit: paging.limit });
    return pagedReply(request, await partsByIds(ids), paging);
  }
  // Every request is a bounded page, so every one is served from the data cache (tag "parts").
  return pagedReply(request, await cachedPartList(paging), paging);
});

/** Admin: adds a part (the body's email is ignored; the session says who). */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const input = parseWith(partSchema, await readJsonBody(request));
  const part = await addPart(input);
  return jsonReply({ success: true, message: `${part.partsname} added to the catalogue.`, result: part }, 201);
});

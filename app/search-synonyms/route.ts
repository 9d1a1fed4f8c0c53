import { requireAdmin } from "@/lib/auth/api-guards";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { pagedReply } from "@/lib/http/paging";
import { route } from "@/lib/http/route";
import { addSynonymGroup } from "@/lib/search/synonym-commands";
import { cachedSynonymList } from "@/lib/search/synonyms";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { synonymGroupNewSchema } from "@/lib/validation/search-synonyms";

/** One page of the synonym groups, A–Z by first phrase. Public: they only say which words a search treats as one. */
export const GET = route(async (request: Request) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  const { groups } = await cachedSynonymList();
  return pagedReply(request, groups.slice(paging.skip, paging.skip + paging.limit), paging);
});

/** An admin adds a group; searches use it at once. */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const input = parseWith(synonymGroupNewSchema, await readJsonBody(request));
  const group = await addSynonymGroup(input);
  return jsonReply({ success: true, message: "The synonym group is added.", group }, 201);
});

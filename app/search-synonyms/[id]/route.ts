import { requireAdmin } from "@/lib/auth/api-guards";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { changeSynonymGroup, deleteSynonymGroup } from "@/lib/search/synonym-commands";
import { queryObject } from "@/lib/validation/common";
import { synonymGroupChangeSchema, synonymGroupDeleteQuerySchema } from "@/lib/validation/search-synonyms";

type Context = { params: Promise<{ id: string }> };

/** An admin replaces a group's phrases, naming the version changed: a group changed since is a 409, not overwritten. */
export const PUT = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The group id");
  const change = parseWith(synonymGroupChangeSchema, await readJsonBody(request));
  const group = await changeSynonymGroup(id, change);
  return jsonReply({ success: true, message: "The synonym group is saved.", group });
});

/** An admin deletes a group at the version they saw (?version=). */
export const DELETE = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The group id");
  const { version } = parseWith(synonymGroupDeleteQuerySchema, queryObject(request.url));
  const group = await deleteSynonymGroup(id, version);
  return jsonReply({ success: true, message: "The synonym group is deleted.", group });
});

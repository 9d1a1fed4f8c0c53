import { jsonReply } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { suggestionsFor } from "@/lib/suggestions/queries";
import { queryObject } from "@/lib/validation/common";
import { suggestionQuerySchema } from "@/lib/validation/suggestions";

/**
 * A browser asks on every pause in typing, and often again for a text it asked a moment ago
 * (backspace, a second page): the answer depends on the text and the catalogue only, so the browser
 * and any shared cache keep it a minute. A new part shows in the suggestions that much later at most.
 */
const CACHE_CONTROL = "public, max-age=60";

/** What the header's search box offers for the text typed so far (lib/suggestions/queries.ts). */
export const GET = route(async (request: Request) => {
  const started = performance.now();
  const { q } = parseWith(suggestionQuerySchema, queryObject(request.url));
  const reply = jsonReply({ query: q, suggestions: await suggestionsFor(q) });
  // A short reply already says no-transform (lib/http/errors.ts): kept beside the caching.
  const transform = reply.headers.get("cache-control");
  reply.headers.set("cache-control", transform ? `${CACHE_CONTROL}, ${transform}` : CACHE_CONTROL);
  reply.headers.set("server-timing", `suggest;dur=${(performance.now() - started).toFixed(1)}`);
  return reply;
});

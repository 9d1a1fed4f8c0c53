import { NextResponse } from "next/server";
import { jsonReply } from "@/lib/http/errors";
import { MAX_SKIP, type Paging } from "@/lib/validation/common";

/**
 * The RFC 8288 link to the page after `paging`, or null. A full page may have a successor; a short
 * one is the last. No total is counted: on FerretDB a count scans the collection. The link is
 * relative (same path, the request's other query parameters, explicit `limit` and `skip`), so it is
 * right behind any proxy; `page` becomes `skip`, as the two cannot be combined.
 */
export function nextPageLink(requestUrl: string, { limit, skip }: Paging, returned: number): string | null {
  const nextSkip = skip + limit;
  if (returned < limit || nextSkip > MAX_SKIP) return null;
  const url = new URL(requestUrl);
  const query = new URLSearchParams(url.search);
  for (const key of ["limit", "skip", "page"]) query.delete(key);
  query.set("limit", String(limit));
  query.set("skip", String(nextSkip));
  return `<${url.pathname}?${query.toString()}>; rel="next"`;
}

/** One page of a list path: SPEC 7's bare JSON array, with a `Link` to the next page when this one is full. */
export function pagedReply(request: Request, items: readonly unknown[], paging: Paging): NextResponse {
  const reply = jsonReply(items);
  const next = nextPageLink(request.url, paging, items.length);
  if (next) reply.headers.set("Link", next);
  return reply;
}

import type { IncomingHttpHeaders } from "node:http";
import { CACHED_PREFIX, type Rewrite } from "./cached-routes";
import { SESSION_COOKIES } from "./audience";

// The config rewrites (cached-routes.ts) cost Next, on every request, a fresh compile of the matched
// rule's destination: measured, more than the rest of serving a cached page beyond Next's floor. So
// the node:http layer (lib/server/server-lifecycle.ts) applies the same rules first, compiled once,
// to the requests that can only end on a cached page: a visitor's document request. What it
// rewrites reaches Next under the internal path, which no rule matches; anything else (a session
// cookie, a client navigation, a page rendered per request) is left to Next's rewrites as before.
// The rules are evaluated as Next evaluates them (tests/unit/internal-rewrites.test.ts checks the
// two against each other), so a request ends on the same page either way.

type Condition = NonNullable<Rewrite["has"]>[number];
type CompiledCondition = { type: Condition["type"]; key: string; value: RegExp | null };
type CompiledRewrite = { source: RegExp; destination: string; has: CompiledCondition[]; missing: CompiledCondition[] };

/** Headers of a client-side navigation or prefetch, or a server action: Next's own path for those. */
const NAVIGATION_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

/** A rule's source as Next's path-to-regexp reads the shop's sources: literal segments and `:name` or `:name(pattern)`, case-insensitive. */
function compileSource(source: string): RegExp {
  const pattern = source.replace(/:([A-Za-z_]\w*)(\(([^)]*)\))?|([.*+?^${}()|[\]\\])/g, (_, name: string | undefined, __, custom: string | undefined, special: string | undefined) =>
    name ? `(?<${name}>${custom ?? "[^/#?]+?"})` : `\\${special}`,
  );
  return new RegExp(`^${pattern}$`, "i");
}

const compileCondition = ({ type, key, value }: Condition): CompiledCondition => ({ type, key: type === "header" ? key.toLowerCase() : key, value: value === undefined ? null : new RegExp(`^${value}$`) });

/** The cached pages' rules, compiled once; `destination` keeps its `:name` params. */
export function compileRewrites(rewrites: readonly Rewrite[]): CompiledRewrite[] {
  return rewrites.map((rewrite) => ({
    source: compileSource(rewrite.source),
    destination: rewrite.destination,
    has: (rewrite.has ?? []).map(compileCondition),
    missing: (rewrite.missing ?? []).map(compileCondition),
  }));
}

type Request = { method?: string; url?: string; headers: IncomingHttpHeaders };

/** Cookies as Next's cookie parser reads them: the first of a name wins, values %-decoded where they can be. */
function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as sent, as the cookie parser keeps it
    }
    cookies.set(name, value);
  }
  return cookies;
}

type Lookup = { query: URLSearchParams; cookies: () => Map<string, string>; headers: IncomingHttpHeaders };

/** One condition, as Next's matchHas: present (and matching its pattern, whose named groups become params). */
function holds(condition: CompiledCondition, lookup: Lookup, params: Record<string, string>): boolean {
  let value: string | undefined;
  if (condition.type === "query") value = lookup.query.getAll(condition.key).at(-1);
  else if (condition.type === "cookie") value = lookup.cookies().get(condition.key);
  else {
    const header = lookup.headers[condition.key];
    value = Array.isArray(header) ? header.at(-1) : header;
  }
  if (!value) return false;
  if (!condition.value) return true;
  const match = condition.value.exec(value);
  if (!match) return false;
  Object.assign(params, match.groups ?? {});
  return true;
}

const fill = (destination: string, params: Record<string, string>): string => destination.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => params[name] ?? whole);

/** Is this a visitor's document request for a page, one the internal rewrite may take? */
function isVisitorDocumentRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (NAVIGATION_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const cookie = request.headers.cookie ?? "";
  return !SESSION_COOKIES.some((name) => cookie.includes(`${name}=`));
}

/**
 * The internal path (with the request's query) of the cached page a visitor's document request ends
 * on, by the first of `rules` that matches it as Next would match it; null when that is not a cached
 * page or the request is one for Next's own rewrites.
 */
export function internalCachedPath(rules: readonly CompiledRewrite[], request: Request): string | null {
  if (!isVisitorDocumentRequest(request)) return null;
  const url = request.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const search = queryAt < 0 ? "" : url.slice(queryAt);
  let cookies: Map<string, string> | undefined;
  const lookup: Lookup = { query: new URLSearchParams(search), cookies: () => (cookies ??= parseCookies(request.headers.cookie)), headers: request.headers };
  for (const rule of rules) {
    const matched = rule.source.exec(pathname);
    if (!matched) continue;
    const params: Record<string, string> = { ...matched.groups };
    if (!rule.has.every((condition) => holds(condition, lookup, params))) continue;
    if (rule.missing.some((condition) => holds(condition, lookup, {}))) continue;
    const destination = fill(rule.destination, params);
    return isCachedDestination(destination) ? `${destination}${search}` : null;
  }
  return null;
}

/** The cached pages' internal paths (the part page's is under /parts/{id}/{audience}); the per-request pages are left to Next. */
const isCachedDestination = (destination: string): boolean => destination.startsWith(`${CACHED_PREFIX}/`) || /^\/parts\/[0-9a-f]{24}\/visitor(?:_[^/]+)?$/.test(destination);

import { randomFillSync } from "node:crypto";
import { isApiPath } from "./request-path";

// The security headers of every reply. Every reply starts with headers that do not depend on the
// request (defaultSecurityHeaders, set by the node:http layer); a page then gets the script sources
// of its own HTML (lib/server/page-csp.ts): this request's nonce when it is rendered now, the
// hashes of its inline scripts when it is served from the cache. No page allows inline script.

/**
 * Which inline scripts a page may run: those bearing this request's nonce (a page rendered for this
 * request), or those whose sha256 hashes are listed (a page served from the cache, the same HTML
 * for everyone: lib/cache/script-hashes.mjs); null for a reply that is not a page.
 */
export type ScriptPermit = { nonce: string } | { hashes: string } | null;

/** Every directive of a page's policy but script-src, made once per kind of server: a page's policy is built per request. */
function otherDirectives(https: boolean, dev: boolean): string {
  const directives = [
    // React's style attributes and the toaster's injected stylesheet are inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Reviewer pictures may come from the sign-in provider's https host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

const OTHER_DIRECTIVES = new Map([false, true].flatMap((https) => [false, true].map((dev) => [`${https} ${dev}`, otherDirectives(https, dev)] as const)));

/** What a page may load: its own origin only, and scripts by its ScriptPermit. */
export function pageCsp({ permit, https, dev = process.env.NODE_ENV === "development" }: { permit: ScriptPermit; https: boolean; dev?: boolean }): string {
  // With a nonce, 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks and nothing
  // else runs. With hashes, the chunks are allowed as the shop's own files ('self'): under
  // 'strict-dynamic' each <script src> would need a hash of its own.
  let scripts = permit === null ? "'self'" : "nonce" in permit ? `'nonce-${permit.nonce}' 'strict-dynamic'` : permit.hashes ? `'self' ${permit.hashes}` : "'self'";
  // next dev evaluates modules with eval(); a production server never gets 'unsafe-eval'.
  if (dev) scripts += " 'unsafe-eval'";
  return `default-src 'self'; script-src ${scripts}; ${OTHER_DIRECTIVES.get(`${https} ${dev}`)}`;
}

/** JSON and other API replies run nothing: everything is refused (next-auth's own small HTML pages keep their inline style). */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Browser features the shop never uses: none may be used by it or anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
].join(", ");

/** The headers that do not depend on the request. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
  // For browsers without CSP frame-ancestors.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export const HSTS = "max-age=63072000; includeSubDomains";

const NONCE_BYTES = 16;
/**
 * Random bytes drawn 256 nonces at a time: Web Crypto's getRandomValues took about 20 µs a call on
 * Node 20, a few percent of a cached page's whole cost, where cutting a nonce from a filled buffer
 * takes under 1 µs. Each nonce still gets bytes of its own, never handed out twice.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;

/** A fresh, unguessable nonce for one page request. */
export function newNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** The headers every reply starts with: the API's policy, or one that runs no inline script (a page replaces it with its own). */
function defaultHeaders(api: boolean, https: boolean): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [...Object.entries(STATIC_SECURITY_HEADERS), ["Content-Security-Policy", api ? API_CSP : pageCsp({ permit: null, https })]];
  if (https) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/**
 * Pages whose address carries a secret (a password-reset link's token): every Referer from them
 * names the origin only, within the site too. Not no-referrer: a form's Origin would then be "null",
 * which the cross-site check refuses.
 */
const SECRET_ADDRESS_PAGES = new Set(["/reset-password"]);

const originOnly = (headers: readonly (readonly [string, string])[]) =>
  headers.map(([name, value]) => [name, name === "Referrer-Policy" ? "strict-origin" : value] as const);

const DEFAULT_HEADERS = {
  page: { http: defaultHeaders(false, false), https: defaultHeaders(false, true) },
  secretAddressPage: { http: originOnly(defaultHeaders(false, false)), https: originOnly(defaultHeaders(false, true)) },
  api: { http: defaultHeaders(true, false), https: defaultHeaders(true, true) },
};

/**
 * The security headers every reply starts with, set at the node:http layer before Next sees the
 * request (lib/server/server-lifecycle.ts): the pages, the API, redirects and Next's static files.
 * A page's CSP is then replaced by one naming its scripts (lib/server/page-csp.ts).
 * Not next.config.ts headers(): Next matches every header rule against every request, and the
 * eight rules this took cost a cached page about 7% of its throughput (16 alternating 3 s runs).
 */
export function defaultSecurityHeaders(pathname: string, https: boolean): readonly (readonly [string, string])[] {
  const kind = isApiPath(pathname) ? DEFAULT_HEADERS.api : SECRET_ADDRESS_PAGES.has(pathname) ? DEFAULT_HEADERS.secretAddressPage : DEFAULT_HEADERS.page;
  return https ? kind.https : kind.http;
}

import { isApiPath } from "./request-path";

// The security headers of every reply (issue 9). Every reply starts with headers that do not depend
// on the request (defaultSecurityHeaders, set by the node:http layer); the pages rendered per
// request then get a fresh CSP nonce from proxy.ts, which runs on those paths only
// (NONCE_PAGE_PREFIXES): measured in issue 8, running the proxy on a cached page cost more CPU
// than serving the page itself.

/** What a page may load: its own origin only, scripts by this request's nonce. */
export function pageCsp({ nonce, https, dev = process.env.NODE_ENV === "development" }: { nonce: string | null; https: boolean; dev?: boolean }): string {
  // With a nonce, 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks and nothing
  // else runs. A page rendered ahead of time (see isNoncelessPagePath) cannot carry a per-request
  // nonce: it gets 'self' plus 'unsafe-inline', the policy Next documents for static pages.
  const scripts = nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : ["'self'", "'unsafe-inline'"];
  // next dev evaluates modules with eval(); a production server never gets 'unsafe-eval'.
  if (dev) scripts.push("'unsafe-eval'");
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
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

/** JSON and other API replies run nothing: everything is refused (next-auth's own small HTML pages keep their inline style). */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Pages that render per request and so can carry this request's nonce: proxy.ts runs on exactly
 * these (its matcher). Every other page is served without one: the public pages are rendered once
 * and served from the cache (issue 8, lib/cache/cached-routes.ts), and the not-found page is
 * prerendered, so the same HTML goes to every visitor. Those get 'self' + 'unsafe-inline', the
 * policy Next documents for static pages. Listing the nonce pages (rather than the cached ones)
 * means a new or unknown page can never have its scripts refused.
 */
export const NONCE_PAGE_PREFIXES = ["/signin", "/signup", "/dashboard", "/purchase"] as const;

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

/** A TLS-terminating proxy in front says the request came over HTTPS (the first X-Forwarded-Proto value). */
export function isForwardedHttps(forwardedProto: string | null): boolean {
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** Served over HTTPS: an https URL, or a TLS-terminating proxy in front saying so. */
export function isHttps(url: URL, forwardedProto: string | null): boolean {
  return url.protocol === "https:" || isForwardedHttps(forwardedProto);
}

/** A fresh, unguessable nonce for one page request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}

/** The policy of every reply proxy.ts does not handle: the API's, or the one of a page served the same to everyone. */
function defaultHeaders(api: boolean, https: boolean): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [...Object.entries(STATIC_SECURITY_HEADERS), ["Content-Security-Policy", api ? API_CSP : pageCsp({ nonce: null, https })]];
  if (https) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

const DEFAULT_HEADERS = {
  page: { http: defaultHeaders(false, false), https: defaultHeaders(false, true) },
  api: { http: defaultHeaders(true, false), https: defaultHeaders(true, true) },
};

/**
 * The security headers every reply starts with, set at the node:http layer before Next sees the
 * request (lib/server/server-lifecycle.ts): the cached public pages, the API, 404s, redirects and Next's
 * static files. proxy.ts then replaces the CSP of the per-request pages with one carrying a nonce.
 * Not next.config.ts headers(): Next matches every header rule against every request, and the
 * eight rules this took cost a cached page about 7% of its throughput (16 alternating 3 s runs).
 */
export function defaultSecurityHeaders(pathname: string, https: boolean): readonly (readonly [string, string])[] {
  const kind = isApiPath(pathname) ? DEFAULT_HEADERS.api : DEFAULT_HEADERS.page;
  return https ? kind.https : kind.http;
}

/** Sets every security header on a reply. */
export function applySecurityHeaders(headers: Headers, { csp, https }: { csp: string; https: boolean }): void {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(name, value);
  headers.set("Content-Security-Policy", csp);
  if (https) headers.set("Strict-Transport-Security", HSTS);
}

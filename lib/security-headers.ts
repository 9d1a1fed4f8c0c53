import { API_PREFIXES } from "./request-path";

// The security headers of every reply (issue 9). The pages rendered per request get a fresh CSP
// nonce from proxy.ts, which runs on those paths only (NONCE_PAGE_PREFIXES). Every other reply
// (the cached public pages, the API, 404s, Next's static files) gets headers that do not depend on
// the request, from next.config.ts (configSecurityHeaders): measured in issue 8, running the proxy
// on a cached page cost more CPU than serving the page itself.

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
 * and served from the cache (issue 8, lib/cached-routes.ts), and the not-found page is
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

/** Served over HTTPS: an https URL, or a TLS-terminating proxy in front saying so. */
export function isHttps(url: URL, forwardedProto: string | null): boolean {
  if (url.protocol === "https:") return true;
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** A fresh, unguessable nonce for one page request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}

type HeaderRule = {
  source: string;
  has?: { type: "header"; key: string; value: string }[];
  headers: { key: string; value: string }[];
};

/** A TLS-terminating proxy in front says https (isHttps, as a next.config `has` condition). */
const FORWARDED_HTTPS = [{ type: "header" as const, key: "x-forwarded-proto", value: "[Hh][Tt][Tt][Pp][Ss]\\s*(?:,.*)?" }];

const names = (prefixes: readonly string[]) => prefixes.map((base) => base.slice(1).replaceAll(".", "\\.")).join("|");
const entries = (record: Readonly<Record<string, string>>) => Object.entries(record).map(([key, value]) => ({ key, value }));

/**
 * next.config.ts `headers()`: the security headers of every reply proxy.ts does not see. Three
 * disjoint kinds of path (the API, Next's static files, every other page), each once over plain
 * http and once over https (HSTS, and pages upgrade insecure requests).
 */
export function configSecurityHeaders(): HeaderRule[] {
  const common = entries(STATIC_SECURITY_HEADERS);
  const csp = (value: string) => ({ key: "Content-Security-Policy", value });
  const hsts = { key: "Strict-Transport-Security", value: HSTS };
  const api = `/:api(${names(API_PREFIXES)})/:path*`;
  // Not the API, not Next's files, not a page of the proxy's: a page served the same to everyone.
  const pages = `/:page((?!(?:${names(["/_next", ...API_PREFIXES, ...NONCE_PAGE_PREFIXES])})(?:/|$)).*)`;
  const statics = ["/_next/static/:path*", "/_next/image"];
  return [
    { source: pages, headers: [...common, csp(pageCsp({ nonce: null, https: false }))] },
    { source: pages, has: FORWARDED_HTTPS, headers: [csp(pageCsp({ nonce: null, https: true })), hsts] },
    { source: api, headers: [...common, csp(API_CSP)] },
    { source: api, has: FORWARDED_HTTPS, headers: [hsts] },
    ...statics.flatMap((source) => [
      { source, headers: common },
      { source, has: FORWARDED_HTTPS, headers: [hsts] },
    ]),
  ];
}

/** Sets every security header on a reply. */
export function applySecurityHeaders(headers: Headers, { csp, https }: { csp: string; https: boolean }): void {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(name, value);
  headers.set("Content-Security-Policy", csp);
  if (https) headers.set("Strict-Transport-Security", HSTS);
}

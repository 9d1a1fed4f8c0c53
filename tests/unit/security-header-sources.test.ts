import { describe, expect, it } from "vitest";
import { API_CSP, NONCE_PAGE_PREFIXES, defaultSecurityHeaders } from "@/lib/server/security-headers";
import { config } from "@/proxy";

// Every reply starts with the default security headers (set at the node:http layer); proxy.ts
// replaces the CSP of the pages rendered per request with one carrying a nonce. Next reads the
// proxy's matcher as a literal, so it must be kept in step with NONCE_PAGE_PREFIXES by hand.
describe("who sets the security headers", () => {
  it("proxy.ts runs on the pages that get a per-request nonce, and on a shared page only for a browser with a session cookie", () => {
    expect(config.matcher.slice(0, NONCE_PAGE_PREFIXES.length)).toEqual(NONCE_PAGE_PREFIXES.map((base) => `${base}/:path*`));
    for (const entry of config.matcher.slice(NONCE_PAGE_PREFIXES.length)) {
      if (typeof entry === "string") expect(entry).toMatch(/\/signed-in(\/|$)/);
      else expect(entry.has.map(({ type, key }) => `${type}:${key}`)).toEqual([expect.stringMatching(/^cookie:(__Secure-)?next-auth\.session-token$/)]);
    }
  });

  const headersOf = (pathname: string, https = false) => new Map(defaultSecurityHeaders(pathname, https));

  it("a page served the same to everyone: 'self' scripts, no nonce, no HSTS over plain http", () => {
    for (const path of ["/", "/parts", "/parts/0123456789abcdef01234567", "/blog", "/no-such-page", "/carpartsx"]) {
      const headers = headersOf(path);
      expect(headers.get("Content-Security-Policy"), path).toContain("script-src 'self' 'unsafe-inline'");
      expect(headers.get("Content-Security-Policy"), path).not.toContain("upgrade-insecure-requests");
      expect(headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(headers.has("Strict-Transport-Security"), path).toBe(false);
    }
  });

  it("an API path: the CSP that lets nothing run", () => {
    for (const path of ["/carparts", "/carparts/0123456789abcdef01234567", "/orders/a@b.co", "/api/auth/session", "/openapi.json", "/user"]) {
      expect(headersOf(path).get("Content-Security-Policy"), path).toBe(API_CSP);
    }
  });

  it("over https: HSTS everywhere, and pages upgrade insecure requests", () => {
    expect(headersOf("/", true).get("Strict-Transport-Security")).toMatch(/^max-age=\d{8,}/);
    expect(headersOf("/", true).get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
    expect(headersOf("/carparts", true).get("Strict-Transport-Security")).toMatch(/^max-age=\d{8,}/);
    expect(headersOf("/carparts", true).get("Content-Security-Policy")).toBe(API_CSP);
  });
});

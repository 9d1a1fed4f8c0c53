import { describe, expect, it } from "vitest";
import { SIGNED_IN_PREFIXES } from "@/lib/auth/routes";
import { inlineScriptHashes } from "@/lib/cache/script-hashes.mjs";
import { API_CSP, defaultSecurityHeaders, pageCsp } from "@/lib/server/security-headers";
import { config } from "@/proxy";

// Every reply starts with the default security headers (set at the node:http layer); a page then
// gets a policy naming its own scripts: this request's nonce, or the hashes of a cached page's
// inline scripts (lib/server/page-csp.ts). Next reads the proxy's matcher as a literal.
describe("who sets the security headers", () => {
  it("proxy.ts runs on the pages that need a signed-in visitor, and on a shared page only for a browser with a session cookie", () => {
    const guarded = [...SIGNED_IN_PREFIXES].map((base) => `${base}/:path*`);
    expect(config.matcher.slice(0, guarded.length)).toEqual(guarded);
    for (const entry of config.matcher.slice(guarded.length)) {
      if (typeof entry === "string") expect(entry).toMatch(/\/signed-in(_|\/|$)/);
      else expect(entry.has.map(({ type, key }) => `${type}:${key}`)).toEqual([expect.stringMatching(/^cookie:(__Secure-)?next-auth\.session-token$/)]);
    }
  });

  const headersOf = (pathname: string, https = false) => new Map(defaultSecurityHeaders(pathname, https));

  it("a reply starts with a policy that runs no inline script, and no HSTS over plain http", () => {
    for (const path of ["/", "/parts", "/parts/0123456789abcdef01234567", "/blog", "/no-such-page", "/carpartsx", "/_next/static/chunks/a.js"]) {
      const headers = headersOf(path);
      expect(headers.get("Content-Security-Policy"), path).toContain("script-src 'self';");
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

describe("a page's script sources", () => {
  const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "))!;

  it("never allow inline script: a nonce with 'strict-dynamic', or 'self' and the page's hashes", () => {
    expect(scriptSrc(pageCsp({ permit: { nonce: "bm9uY2U=" }, https: false, dev: false }))).toBe("script-src 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(scriptSrc(pageCsp({ permit: { hashes: "'sha256-abc='" }, https: false, dev: false }))).toBe("script-src 'self' 'sha256-abc='");
  });

  it("hash each inline script Next renders, once, and never an external or data script", () => {
    const html = [
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
      '<script nonce="abc">self.__next_f.push([1,"a"])</script>',
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module">import "x"</script>',
      "<script></script>",
    ].join("");
    // echo -n '(self.__next_f=self.__next_f||[]).push([0])' | openssl dgst -sha256 -binary | base64, and so on.
    expect(inlineScriptHashes(html).split(" ")).toEqual([
      "'sha256-OBTN3RiyCV4Bq7dFqZ5a2pAXjnCcCYeTJMO2I/LYKeo='",
      "'sha256-o+AVanGgeHXuaJ2y8tCjP3mbGMjt79U+MRDdwV7W0FY='",
      "'sha256-NRn359Kz8db9/ND95zyCAS9z2QAJeDkX6IJWSSloAHw='",
    ]);
  });
});

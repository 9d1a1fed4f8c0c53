import { describe, expect, it } from "vitest";
import { NONCE_PAGE_PREFIXES, configSecurityHeaders } from "@/lib/security-headers";
import { config } from "@/proxy";

// Next reads proxy.ts's matcher as a literal; the header rules of next.config.ts cover every other
// path. If the two drifted apart, a page would get two policies or none.
describe("who sets the security headers", () => {
  it("proxy.ts runs on exactly the pages that get a per-request nonce", () => {
    expect(config.matcher).toEqual(NONCE_PAGE_PREFIXES.map((base) => `${base}/:path*`));
  });

  it("the next.config rules leave the proxy's pages alone and cover everything else", () => {
    const pageRule = configSecurityHeaders().find((rule) => !rule.has && rule.headers.some((h) => h.value.includes("script-src 'self'")));
    expect(pageRule).toBeDefined();
    // The source is `/:page(<regex>)`: the regex Next matches the rest of the path against.
    const pattern = new RegExp(`^${/^\/:page\((.*)\)$/.exec(pageRule!.source)![1]}$`);
    for (const path of ["/", "/parts", "/parts/0123456789abcdef01234567", "/blog", "/portfolio", "/no-such-page", "/signinx", "/dashboards", "/cached/home/index"]) {
      expect(pattern.test(path.slice(1)), path).toBe(true);
    }
    for (const path of ["/signin", "/signup", "/dashboard", "/dashboard/my-orders", "/purchase/0123456789abcdef01234567", "/carparts", "/api/auth/session", "/openapi.json", "/_next/static/x.js"]) {
      expect(pattern.test(path.slice(1)), path).toBe(false);
    }
  });
});

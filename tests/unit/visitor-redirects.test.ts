import { describe, expect, it } from "vitest";
import { onVisitorsHost } from "@/lib/auth/redirects";

describe("onVisitorsHost (next-auth's redirects)", () => {
  const configured = "http://localhost:3000";
  const visitor = "http://127.0.0.1:3000";

  it("keeps the visitor on the host they use, for paths and for URLs on either of the shop's hosts", () => {
    expect(onVisitorsHost("/", configured, visitor)).toBe("http://127.0.0.1:3000/");
    expect(onVisitorsHost("http://localhost:3000/dashboard?x=1#y", configured, visitor)).toBe("http://127.0.0.1:3000/dashboard?x=1#y");
    expect(onVisitorsHost("http://127.0.0.1:3000/purchase/1", configured, visitor)).toBe("http://127.0.0.1:3000/purchase/1");
  });

  it("sends any other site's URL to the visitor's home page", () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "http://localhost:4000/"]) expect(onVisitorsHost(url, configured, visitor)).toBe(visitor);
  });

  it("falls back to the configured origin outside a request", () => {
    expect(onVisitorsHost("/signin", configured, null)).toBe("http://localhost:3000/signin");
  });
});

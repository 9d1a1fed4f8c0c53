import { describe, expect, it } from "vitest";
import { authPagePath, safeCallbackUrl, signInPath } from "@/lib/auth/callback-url";

describe("safeCallbackUrl", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeCallbackUrl("/purchase/64b7f0c2a1b2c3d4e5f60718")).toBe("/purchase/64b7f0c2a1b2c3d4e5f60718");
    expect(safeCallbackUrl("/dashboard/my-orders?page=2#top")).toBe("/dashboard/my-orders?page=2#top");
    expect(safeCallbackUrl("/")).toBe("/");
  });

  it("defaults to / when nothing usable is given", () => {
    for (const value of [undefined, null, "", 42, {}, "x".repeat(3000)]) expect(safeCallbackUrl(value)).toBe("/");
  });

  it.each([
    "//evil.com",
    "//evil.com/path",
    "https://evil.com",
    "http://evil.com/purchase/1",
    "javascript:alert(1)",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " /evil",
    "evil.com",
    "purchase/1",
    "data:text/html,hi",
  ])("refuses the off-site or malformed value %j", (value) => {
    expect(safeCallbackUrl(value)).toBe("/");
  });

  it("refuses the sign-in pages and the API so a sign-in cannot loop", () => {
    expect(safeCallbackUrl("/signin?callbackUrl=/x")).toBe("/");
    expect(safeCallbackUrl("/signup")).toBe("/");
    expect(safeCallbackUrl("/signout-redirect")).toBe("/");
    expect(safeCallbackUrl("/api/auth/signout")).toBe("/");
  });

  it.each([
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/dashboard/..//evil.example",
    "/dashboard/%2e%2e//evil.example",
    "/./\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%E0%A4%A",
  ])("refuses %j, which normalises or decodes to another host", (value) => {
    expect(safeCallbackUrl(value)).toBe("/");
  });

  it("keeps same-site paths that only look odd", () => {
    expect(safeCallbackUrl("/parts?q=a//b")).toBe("/parts?q=a//b");
    expect(safeCallbackUrl("/dashboard/my-orders#//x")).toBe("/dashboard/my-orders#//x");
    expect(safeCallbackUrl("/parts/100%25")).toBe("/parts/100%25");
  });

  it("normalises dot segments instead of passing them through", () => {
    expect(safeCallbackUrl("/dashboard/../purchase/1")).toBe("/purchase/1");
    expect(safeCallbackUrl("/./dashboard")).toBe("/dashboard");
  });

  it("takes the first of repeated query values", () => {
    expect(safeCallbackUrl(["/dashboard", "//evil.com"])).toBe("/dashboard");
    expect(safeCallbackUrl(["//evil.com", "/dashboard"])).toBe("/");
  });
});

describe("signInPath", () => {
  it("remembers a safe origin, encoded", () => {
    expect(signInPath("/purchase/1?q=a b")).toBe("/signin?callbackUrl=%2Fpurchase%2F1%3Fq%3Da%2520b");
  });
  it("drops an unsafe or default origin", () => {
    expect(signInPath("https://evil.com")).toBe("/signin");
    expect(signInPath("/")).toBe("/signin");
  });
});

describe("authPagePath", () => {
  it("carries where the visitor was going from sign-in to sign-up and back, and only a same-site path", () => {
    expect(authPagePath("/signup", "/purchase/64b7f0c2a1b2c3d4e5f60718")).toBe("/signup?callbackUrl=%2Fpurchase%2F64b7f0c2a1b2c3d4e5f60718");
    expect(authPagePath("/signin", "/blog")).toBe("/signin?callbackUrl=%2Fblog");
    expect(authPagePath("/signup", "/")).toBe("/signup");
    expect(authPagePath("/signup", "https://evil.com")).toBe("/signup");
  });
});

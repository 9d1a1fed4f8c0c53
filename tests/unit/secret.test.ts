import { describe, expect, it } from "vitest";
import { secretRequired } from "@/lib/auth/secret";

describe("secretRequired", () => {
  it("is required by every production server, whatever its address", () => {
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "https://shop.example.com" })).toBe(true);
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3000" })).toBe(true);
    expect(secretRequired({ NODE_ENV: "production" })).toBe(true);
  });

  it("is not required in development or tests, where a generated secret is kept in .data/", () => {
    expect(secretRequired({ NODE_ENV: "development", NEXTAUTH_URL: "https://shop.example.com" })).toBe(false);
    expect(secretRequired({ NODE_ENV: "test" })).toBe(false);
    expect(secretRequired({})).toBe(false);
  });

  it("is not required while next build prerenders pages", () => {
    expect(secretRequired({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toBe(false);
  });
});

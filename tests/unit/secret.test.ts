import { describe, expect, it } from "vitest";
import { secretRequired } from "@/lib/auth/secret";

describe("secretRequired", () => {
  it("is required by a production server with a public address", () => {
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "https://shop.example.com" })).toBe(true);
    expect(secretRequired({ NODE_ENV: "production", SITE_URL: "https://shop.example.com", NEXTAUTH_URL: "http://localhost:3000" })).toBe(true);
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "not a url" })).toBe(true);
  });

  it("is not required in development, tests, or a production build served on this machine only", () => {
    expect(secretRequired({ NODE_ENV: "development", NEXTAUTH_URL: "https://shop.example.com" })).toBe(false);
    expect(secretRequired({ NODE_ENV: "test" })).toBe(false);
    expect(secretRequired({ NODE_ENV: "production" })).toBe(false);
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "http://127.0.0.1:3100" })).toBe(false);
    expect(secretRequired({ NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3000" })).toBe(false);
  });
});

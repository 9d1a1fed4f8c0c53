import { describe, expect, it } from "vitest";
import { decode, encode } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/auth/token-decode";

// The shop decodes session tokens with a key derived once per secret; it must read exactly what
// next-auth writes and refuse exactly what next-auth refuses.

const SECRET = "unit-test-secret-0123456789abcdef";

describe("decodeSessionToken", () => {
  it("reads a token next-auth made, claim for claim, as next-auth's own decode does, again and again", async () => {
    const token = await encode({ token: { email: "ann@example.com", sessionVersion: 3 }, secret: SECRET });
    const ours = await decodeSessionToken({ token, secret: SECRET });
    expect(ours).toEqual(await decode({ token, secret: SECRET }));
    expect(ours).toMatchObject({ email: "ann@example.com", sessionVersion: 3 });
    expect(await decodeSessionToken({ token, secret: SECRET })).toEqual(ours);
  });

  it("keeps the keys of different secrets and salts apart", async () => {
    const salted = await encode({ token: { email: "bo@example.com" }, secret: SECRET, salt: "other" });
    await expect(decodeSessionToken({ token: salted, secret: SECRET })).rejects.toThrow();
    expect(await decodeSessionToken({ token: salted, secret: SECRET, salt: "other" })).toMatchObject({ email: "bo@example.com" });
    const token = await encode({ token: { email: "cy@example.com" }, secret: SECRET });
    await expect(decodeSessionToken({ token, secret: `${SECRET}-rotated` })).rejects.toThrow();
  });

  it("refuses a tampered or made-up token, and reads no token as none", async () => {
    const token = await encode({ token: { email: "di@example.com", role: "user" }, secret: SECRET });
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    await expect(decodeSessionToken({ token: tampered, secret: SECRET })).rejects.toThrow();
    await expect(decodeSessionToken({ token: "not.a.token.at.all", secret: SECRET })).rejects.toThrow();
    expect(await decodeSessionToken({ token: "", secret: SECRET })).toBeNull();
  });
});

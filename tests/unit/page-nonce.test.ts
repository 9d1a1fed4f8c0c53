import { describe, expect, it } from "vitest";
import { newNonce } from "@/lib/server/security-headers";

// Each page request's CSP nonce is its own: 16 random bytes, never handed out twice, however many
// requests draw from the pool of random bytes.
describe("a page's CSP nonce", () => {
  it("is 16 bytes in base64, and no two requests share one", () => {
    const nonces = Array.from({ length: 2_000 }, () => newNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

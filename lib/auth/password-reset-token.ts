import "server-only";
import { createHash, randomBytes } from "node:crypto";

// A reset link's token: 32 random bytes, written in base64url for the link. The account keeps
// only its SHA-256 digest, so a copy of the database holds no working link. A plain digest (no
// salt, no slow hash) is enough for 256 random bits, and it lets the link find its account by an
// equality on an index.

const TOKEN_BYTES = 32;

/** How long a link works. */
export const RESET_LINK_VALID_MS = 60 * 60_000;

export function newResetToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function resetTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

import "server-only";
import { createHash, createHmac } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

// A reset link's token, derived from its mail's id with the shop's secret: HMAC-SHA256 of
// "password-reset:" and the id, in base64url for the link. Derived, not stored: the reset asks for
// it to store its digest, and the mail's composer derives it again at send time from the mail's id,
// so the raw token is kept nowhere (not on the account, whose due mails stay, nor in the mail log or
// the queue's job). Without the secret an id (say, from a copy of the database) gives no token.
// The account keeps only the token's SHA-256 digest: a plain digest (no salt, no slow hash) is
// enough for 256 bits, and it lets the link find its account by an equality on an index.

/** How long a link works. */
export const RESET_LINK_VALID_MS = 60 * 60_000;

/** The token of the reset link sent in the mail of this id. */
export function resetTokenOf(mailId: string): string {
  return createHmac("sha256", authSecret()).update(`password-reset:${mailId}`).digest("base64url");
}

export function resetTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

import "server-only";
import hkdf from "@panva/hkdf";
import { jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";

// next-auth v4's own decode, with one change: it derives the token's encryption key from the secret
// (HKDF) on every call, which was a few percent of the server's CPU on signed-in requests; the key
// depends on the secret and salt alone, so it is derived once for each.

const keys = new Map<string, Promise<Uint8Array>>();

function encryptionKey(secret: string | Buffer, salt: string): Promise<Uint8Array> {
  const id = `${salt}\u0000${typeof secret === "string" ? secret : secret.toString("base64")}`;
  let key = keys.get(id);
  if (!key) {
    key = hkdf("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32);
    keys.set(id, key);
  }
  return key;
}

/** A session token's claims; throws on a token that is not one of ours (getToken answers null then). */
export async function decodeSessionToken({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), { clockTolerance: 15 });
  return payload as JWT;
}

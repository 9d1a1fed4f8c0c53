import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { PasswordHashingBusyError } from "@/lib/errors";
import { GateBusyError, WorkGate } from "@/lib/server/work-gate";

// OWASP's scrypt parameters: N=2^15, r=8, p=3 (needs ~32 MiB, so maxmem is raised).
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

// One hash takes a core for a noticeable time. Half the cores at most (one on two), with a short
// queue, so a flood of sign-in guesses slows sign-ins, not every other page and call.
const hashing = new WorkGate(Math.max(1, Math.floor(availableParallelism() / 2)), 32);

async function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  try {
    return await hashing.run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
        ),
    );
  } catch (error) {
    throw error instanceof GateBusyError ? new PasswordHashingBusyError() : error;
  }
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** Run for unknown emails too, so a wrong email and a wrong password take the same time. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
}

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export class MissingSecretError extends Error {
  constructor() {
    super(
      "NEXTAUTH_SECRET must be set in production (e.g. `openssl rand -base64 32`). Refusing to start without it.",
    );
  }
}

type Env = Record<string, string | undefined>;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Production means a production server with a public address. A production build served on this
 * machine only (`npm run shop` on localhost, the end-to-end tests) may use the generated secret,
 * so the README's run command works on a fresh clone.
 */
export function secretRequired(env: Env = process.env): boolean {
  if (env.NODE_ENV !== "production") return false;
  const configured = env.SITE_URL || env.NEXTAUTH_URL;
  if (!configured) return false;
  try {
    return !LOOPBACK_HOSTS.has(new URL(configured).hostname);
  } catch {
    return true;
  }
}

let cached: string | undefined;

/** NEXTAUTH_SECRET; when not required, a secret generated once and kept in .data/ so sessions survive restarts. */
export function authSecret(): string {
  if (cached) return cached;
  const configured = process.env.NEXTAUTH_SECRET;
  if (configured) return (cached = configured);
  if (secretRequired()) throw new MissingSecretError();
  const dir = path.join(process.cwd(), ".data");
  const file = path.join(dir, "nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  if (process.env.NODE_ENV === "production") {
    console.warn(`[auth] NEXTAUTH_SECRET is not set: using the generated secret in ${path.relative(process.cwd(), file)} (fine on localhost; set it for a real deployment).`);
  }
  return (cached = readFileSync(file, "utf8").trim());
}

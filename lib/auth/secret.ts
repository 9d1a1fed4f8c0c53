import "server-only";
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

/**
 * A production server needs NEXTAUTH_SECRET. A local run of the production build on the
 * embedded database (`npm run shop`, `npm start`) gets one from scripts/services/with-db.mjs, which
 * hands it the secret generated once in .data/; a deployment must set its own.
 */
export function secretRequired(env: Env = process.env): boolean {
  // `next build` also runs with NODE_ENV=production while it prerenders: it signs no token.
  return env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";
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
  return (cached = readFileSync(file, "utf8").trim());
}

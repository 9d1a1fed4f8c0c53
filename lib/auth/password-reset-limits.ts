import "server-only";
import { sharedLimiter } from "@/lib/limits/limiter";
import type { Limiter } from "@/lib/limits/window";
import { normaliseEmail } from "@/lib/validation/auth";

// Asks for a reset link, per email address (one inbox is not flooded) and per client address (one
// client does not mail the whole customer list), shared by every process like the sign-in limits
// (lib/auth/rate-limit.ts). A limited ask gets the same answer as any other; only nothing is sent.

export type ResetLimitConfig = { perEmail: number; perIp: number; windowMs: number };

export const DEFAULT_RESET_LIMITS: ResetLimitConfig = { perEmail: 5, perIp: 20, windowMs: 60 * 60_000 };

type Env = Record<string, string | undefined>;

function count(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : fallback;
}

export function resetLimitConfigFromEnv(env: Env = process.env): ResetLimitConfig {
  const d = DEFAULT_RESET_LIMITS;
  const minutes = count(env, "AUTH_RESET_WINDOW_MINUTES", 0);
  return {
    perEmail: count(env, "AUTH_RESETS_PER_EMAIL", d.perEmail),
    perIp: count(env, "AUTH_RESETS_PER_IP", d.perIp),
    windowMs: minutes > 0 ? minutes * 60_000 : d.windowMs,
  };
}

class ResetLimits {
  private readonly byEmail: Limiter;
  private readonly byIp: Limiter;

  constructor(config: ResetLimitConfig) {
    this.byEmail = sharedLimiter("reset-email", { max: config.perEmail, windowMs: config.windowMs });
    this.byIp = sharedLimiter("reset-ip", { max: config.perIp, windowMs: config.windowMs });
  }

  /** Counts one ask; false (nothing counted) when either the email or the client address has had enough. */
  async take(email: string, ip: string): Promise<boolean> {
    const places = [
      { limiter: this.byEmail, key: normaliseEmail(email) },
      { limiter: this.byIp, key: ip },
    ];
    const taken = await Promise.all(places.map(({ limiter, key }) => limiter.take(key)));
    if (taken.every((answer) => !answer.limited)) return true;
    await Promise.allSettled(places.map(({ limiter, key }, i) => {
      const answer = taken[i];
      return answer && !answer.limited ? limiter.giveBack(key, answer.receipt) : undefined;
    }));
    return false;
  }
}

let limits: ResetLimits | undefined;

/** The limits, configured from the environment on first use. */
export function resetLimits(): ResetLimits {
  return (limits ??= new ResetLimits(resetLimitConfigFromEnv()));
}

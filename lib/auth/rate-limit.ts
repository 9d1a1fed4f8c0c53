import { TooManyRequestsError } from "@/lib/errors";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";

/**
 * Limits on sign-in failures and sign-ups. In memory, per server process: a restart forgets
 * them and several processes each keep their own count (README, "Accounts and sign-in").
 */

export type Clock = () => number;

export type LimitStatus = { limited: false } | { limited: true; retryAfterMs: number };

type WindowOptions = { max: number; windowMs: number; now?: Clock; maxKeys?: number };

/** At most `max` hits per key in any `windowMs`; `max` 0 turns the limit off. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: Clock;
  private readonly maxKeys: number;

  constructor({ max, windowMs, now = Date.now, maxKeys = 50_000 }: WindowOptions) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
    this.maxKeys = maxKeys;
  }

  status(key: string): LimitStatus {
    if (this.max <= 0) return { limited: false };
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length < this.max) return { limited: false };
    // A slot frees up when the oldest of the last `max` hits leaves the window.
    const oldest = recent[recent.length - this.max] ?? now;
    return { limited: true, retryAfterMs: Math.max(1, oldest + this.windowMs - now) };
  }

  hit(key: string): void {
    if (this.max <= 0) return;
    const now = this.now();
    const recent = [...this.recent(key, now), now].slice(-this.max);
    // Re-inserted so the map stays in least-recently-hit order for eviction.
    this.hits.delete(key);
    this.hits.set(key, recent);
    // A flood of new keys (forged addresses) must not grow memory without bound.
    while (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const fresh = list.filter((t) => now - t < this.windowMs);
    if (fresh.length === 0) this.hits.delete(key);
    else if (fresh.length !== list.length) this.hits.set(key, fresh);
    return fresh;
  }
}

export class TooManyAttemptsError extends TooManyRequestsError {
  constructor(retryAfterMs: number, { accountLocked = false } = {}) {
    super(tooManyAttemptsMessage(retryAfterMs, { accountLocked }), retryAfterMs);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number, { accountLocked = false } = {}): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return accountLocked ? `Too many attempts on this account. ${wait}, or sign in from a browser you have signed in with before.` : `Too many attempts. ${wait}.`;
}

export type AuthLimitConfig = {
  signInFailuresPerIp: number;
  signInFailuresPerEmailAndIp: number;
  signInFailuresPerAccount: number;
  signInWindowMs: number;
  signUpsPerIp: number;
  signUpWindowMs: number;
};

export const DEFAULT_AUTH_LIMITS: AuthLimitConfig = {
  signInFailuresPerIp: 10,
  signInFailuresPerEmailAndIp: 10,
  signInFailuresPerAccount: 20,
  signInWindowMs: 15 * 60_000,
  signUpsPerIp: 20,
  signUpWindowMs: 60 * 60_000,
};

type Env = Record<string, string | undefined>;

function count(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw || !/^\d+$/.test(raw)) return fallback;
  return Number(raw);
}

function minutes(env: Env, name: string, fallbackMs: number): number {
  const value = count(env, name, 0);
  return value > 0 ? value * 60_000 : fallbackMs;
}

/** The limits, overridable by environment (e.g. end-to-end tests that sign up many users from one address). */
export function authLimitConfigFromEnv(env: Env = process.env): AuthLimitConfig {
  const d = DEFAULT_AUTH_LIMITS;
  return {
    signInFailuresPerIp: count(env, "AUTH_SIGNIN_FAILURES_PER_IP", d.signInFailuresPerIp),
    signInFailuresPerEmailAndIp: count(env, "AUTH_SIGNIN_FAILURES_PER_EMAIL_IP", d.signInFailuresPerEmailAndIp),
    signInFailuresPerAccount: count(env, "AUTH_SIGNIN_FAILURES_PER_ACCOUNT", d.signInFailuresPerAccount),
    signInWindowMs: minutes(env, "AUTH_SIGNIN_WINDOW_MINUTES", d.signInWindowMs),
    signUpsPerIp: count(env, "AUTH_SIGNUPS_PER_IP", d.signUpsPerIp),
    signUpWindowMs: minutes(env, "AUTH_SIGNUP_WINDOW_MINUTES", d.signUpWindowMs),
  };
}

/**
 * The sign-in and sign-up policy: failures per address, per email on an address and per account
 * from every address together; sign-ups per address.
 */
export class AuthRateLimits {
  private readonly failuresByIp: SlidingWindowLimiter;
  private readonly failuresByEmailAndIp: SlidingWindowLimiter;
  private readonly failuresByAccount: SlidingWindowLimiter;
  private readonly signUpsByIp: SlidingWindowLimiter;

  constructor(config: AuthLimitConfig = DEFAULT_AUTH_LIMITS, now: Clock = Date.now) {
    this.failuresByIp = new SlidingWindowLimiter({ max: config.signInFailuresPerIp, windowMs: config.signInWindowMs, now });
    this.failuresByEmailAndIp = new SlidingWindowLimiter({ max: config.signInFailuresPerEmailAndIp, windowMs: config.signInWindowMs, now });
    this.failuresByAccount = new SlidingWindowLimiter({ max: config.signInFailuresPerAccount, windowMs: config.signInWindowMs, now });
    this.signUpsByIp = new SlidingWindowLimiter({ max: config.signUpsPerIp, windowMs: config.signUpWindowMs, now });
  }

  /**
   * Throws TooManyAttemptsError when this address, or this email from this address, failed too
   * often, or when the account failed too often from all addresses together (guesses spread over
   * many addresses). That last lock does not hold for a browser the owner signed in with before
   * (`knownBrowser`), so guessing cannot lock the owner out of their own browser.
   */
  assertSignInAllowed(email: string, ip: string, { knownBrowser = false } = {}): void {
    const byAccount: LimitStatus = knownBrowser ? { limited: false } : this.failuresByAccount.status(accountKey(email));
    const statuses = [this.failuresByIp.status(ip), this.failuresByEmailAndIp.status(emailKey(email, ip)), byAccount];
    const waits = statuses.flatMap((s) => (s.limited ? [s.retryAfterMs] : []));
    if (waits.length) throw new TooManyAttemptsError(Math.max(...waits), { accountLocked: byAccount.limited });
  }

  recordSignInFailure(email: string, ip: string): void {
    this.failuresByIp.hit(ip);
    this.failuresByEmailAndIp.hit(emailKey(email, ip));
    this.failuresByAccount.hit(accountKey(email));
  }

  /** The right password clears that email's failures on that address (not the address's, or one account could unlock guessing at others). */
  recordSignInSuccess(email: string, ip: string): void {
    this.failuresByEmailAndIp.reset(emailKey(email, ip));
  }

  /** Counts a sign-up attempt from this address, or throws TooManyAttemptsError when there were too many. */
  takeSignUp(ip: string): void {
    const status = this.signUpsByIp.status(ip);
    if (status.limited) throw new TooManyAttemptsError(status.retryAfterMs);
    this.signUpsByIp.hit(ip);
  }
}

function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

function emailKey(email: string, ip: string): string {
  return `${accountKey(email)}|${ip}`;
}

type HeaderBag = Record<string, unknown> | undefined;

/**
 * The client's address, as the request filter stamped it (the socket's, or a trusted proxy's
 * report: lib/server/trusted-proxies.ts). Never X-Real-IP or X-Forwarded-For themselves: anyone can send those.
 */
export function clientIp(headers: HeaderBag): string {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  return typeof value === "string" && value ? value : "unknown";
}

const globalForLimits = globalThis as typeof globalThis & { __autopartsAuthLimits?: AuthRateLimits };

/** One policy per server process, configured from the environment on first use. */
export function authRateLimits(): AuthRateLimits {
  return (globalForLimits.__autopartsAuthLimits ??= new AuthRateLimits(authLimitConfigFromEnv()));
}

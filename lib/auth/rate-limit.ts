import "server-only";
import { TooManyRequestsError } from "@/lib/errors";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import { type Limiter, sharedLimiter } from "@/lib/limits/limiter";
import { type LimitStatus, NOT_LIMITED, type WindowLimit } from "@/lib/limits/window";

/**
 * Limits on sign-in failures and sign-ups, shared by every server process (lib/limits/: Redis when
 * REDIS_URL is set, else the database; README, "Accounts and sign-in").
 */

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

/** Makes the limiter of one kind of key (tests pass one that keeps hits in memory on a fake clock). */
export type LimiterFactory = (name: string, limit: WindowLimit) => Limiter;

/**
 * The sign-in and sign-up policy: failures per address, per email on an address and per account
 * from every address together; sign-ups per address.
 */
export class AuthRateLimits {
  private readonly failuresByIp: Limiter;
  private readonly failuresByEmailAndIp: Limiter;
  private readonly failuresByAccount: Limiter;
  private readonly signUpsByIp: Limiter;

  constructor(config: AuthLimitConfig = DEFAULT_AUTH_LIMITS, limiter: LimiterFactory = sharedLimiter) {
    const signIn = (max: number) => ({ max, windowMs: config.signInWindowMs });
    this.failuresByIp = limiter("signin-ip", signIn(config.signInFailuresPerIp));
    this.failuresByEmailAndIp = limiter("signin-email-ip", signIn(config.signInFailuresPerEmailAndIp));
    this.failuresByAccount = limiter("signin-account", signIn(config.signInFailuresPerAccount));
    this.signUpsByIp = limiter("signup-ip", { max: config.signUpsPerIp, windowMs: config.signUpWindowMs });
  }

  /**
   * Throws TooManyAttemptsError when this address, or this email from this address, failed too
   * often, or when the account failed too often from all addresses together (guesses spread over
   * many addresses). That last lock does not hold for a browser the owner signed in with before
   * (`knownBrowser`), so guessing cannot lock the owner out of their own browser.
   */
  async assertSignInAllowed(email: string, ip: string, { knownBrowser = false } = {}): Promise<void> {
    const [byIp, byEmail, byAccount] = await Promise.all([
      this.failuresByIp.status(ip),
      this.failuresByEmailAndIp.status(emailKey(email, ip)),
      knownBrowser ? NOT_LIMITED : this.failuresByAccount.status(accountKey(email)),
    ]);
    const waits = [byIp, byEmail, byAccount].flatMap((s: LimitStatus) => (s.limited ? [s.retryAfterMs] : []));
    if (waits.length) throw new TooManyAttemptsError(Math.max(...waits), { accountLocked: byAccount.limited });
  }

  async recordSignInFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.failuresByIp.hit(ip),
      this.failuresByEmailAndIp.hit(emailKey(email, ip)),
      this.failuresByAccount.hit(accountKey(email)),
    ]);
  }

  /** The right password clears that email's failures on that address (not the address's, or one account could unlock guessing at others). */
  async recordSignInSuccess(email: string, ip: string): Promise<void> {
    await this.failuresByEmailAndIp.reset(emailKey(email, ip));
  }

  /** Counts a sign-up attempt from this address, or throws TooManyAttemptsError when there were too many. */
  async takeSignUp(ip: string): Promise<void> {
    const status = await this.signUpsByIp.take(ip);
    if (status.limited) throw new TooManyAttemptsError(status.retryAfterMs);
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

/** The policy, configured from the environment on first use; its counts are shared by every process. */
export function authRateLimits(): AuthRateLimits {
  return (globalForLimits.__autopartsAuthLimits ??= new AuthRateLimits(authLimitConfigFromEnv()));
}

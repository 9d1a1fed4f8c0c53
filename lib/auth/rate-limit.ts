import "server-only";
import { TooManyRequestsError } from "@/lib/errors";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import { sharedLimiter } from "@/lib/limits/limiter";
import type { Limiter, WindowLimit } from "@/lib/limits/window";

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
   * Holds a place for one password check in every limit that applies, before the password is
   * hashed, so that of requests sent together at most `max` per key get their password checked:
   * counting failures only after the check let a burst of guesses all pass a read-only check first.
   * The limits: this address, this email from this address, and the account from all addresses
   * together (guesses spread over many addresses). That last one does not apply when the request
   * comes from the `owner` (a browser they signed in with before, or their own session), so
   * guessing cannot lock the owner out of their own browser or stop them changing a leaked
   * password. Throws TooManyAttemptsError, holding nothing, when any limit is reached; the caller
   * settles the check it got (PasswordCheck).
   */
  async reservePasswordCheck(email: string, ip: string, { owner = false } = {}): Promise<PasswordCheck> {
    const account: Place = { limit: "account", limiter: this.failuresByAccount, key: accountKey(email) };
    const wanted: Place[] = [
      { limit: "address", limiter: this.failuresByIp, key: ip },
      { limit: "email on address", limiter: this.failuresByEmailAndIp, key: emailKey(email, ip) },
      ...(owner ? [] : [account]),
    ];
    const answers = await Promise.all(wanted.map(takePlace));
    const held = answers.flatMap((answer) => ("receipt" in answer ? [answer] : []));
    if (held.length < wanted.length) {
      await giveBackAll(held);
      throw refusalOf(answers);
    }
    // The owner's failure still counts toward the account's lock for everyone else.
    return new PasswordCheck(held, owner ? account : null);
  }

  /** Counts a sign-up attempt from this address, or throws TooManyAttemptsError when there were too many. */
  async takeSignUp(ip: string): Promise<void> {
    const status = await this.signUpsByIp.take(ip);
    if (status.limited) throw new TooManyAttemptsError(status.retryAfterMs);
  }
}

/** One key of one sign-in limit. */
type Place = { limit: "address" | "email on address" | "account"; limiter: Limiter; key: string };
type HeldPlace = Place & { receipt: string };

/**
 * The places one password check holds in the sign-in limits, until the check is settled: one of
 * its methods, once.
 */
export class PasswordCheck {
  constructor(
    private readonly held: HeldPlace[],
    /** A limit the check was not held by but whose count a failure adds to (the account, for its owner). */
    private readonly countedOnFailure: Place | null,
  ) {}

  /** A wrong password: the places stay taken, counted as the failure. */
  async failed(): Promise<void> {
    if (this.countedOnFailure) await this.countedOnFailure.limiter.hit(this.countedOnFailure.key);
  }

  /**
   * The right password: never counted as a failure, and it clears that email's failures on that
   * address (not the address's, or one account could unlock guessing at others).
   */
  async succeeded(): Promise<void> {
    const isEmailOnAddress = (place: HeldPlace) => place.limit === "email on address";
    const cleared = this.held.filter(isEmailOnAddress).map((place) => place.limiter.reset(place.key));
    await Promise.all([giveBackAll(this.held.filter((place) => !isEmailOnAddress(place))), ...cleared]);
  }

  /** No answer about the password (it was never compared, or something failed around it): nothing counted. */
  async withdrawn(): Promise<void> {
    await giveBackAll(this.held);
  }
}

/**
 * Gives back every held place. Best effort: a place that could not be given back stays counted
 * as a failure, which errs on the side of the limit.
 */
async function giveBackAll(held: HeldPlace[]): Promise<void> {
  await Promise.allSettled(held.map((place) => place.limiter.giveBack(place.key, place.receipt)));
}

/** What taking one place answered: held (with its receipt), limited, or the store's error (busy). */
type PlaceAnswer = HeldPlace | (Place & { retryAfterMs: number }) | (Place & { error: unknown });

async function takePlace(place: Place): Promise<PlaceAnswer> {
  try {
    const taken = await place.limiter.take(place.key);
    return taken.limited ? { ...place, retryAfterMs: taken.retryAfterMs } : { ...place, receipt: taken.receipt };
  } catch (error) {
    return { ...place, error };
  }
}

/**
 * Why a reservation did not get every place: a store's own error (busy: refused, never let through
 * unchecked), else TooManyAttemptsError with the longest wait, saying so when the account is locked.
 */
function refusalOf(answers: PlaceAnswer[]): Error {
  const failed = answers.find((answer) => "error" in answer);
  if (failed && "error" in failed) return failed.error instanceof Error ? failed.error : new Error(String(failed.error));
  const limited = answers.flatMap((answer) => ("retryAfterMs" in answer ? [answer] : []));
  const accountLocked = limited.some((answer) => answer.limit === "account");
  return new TooManyAttemptsError(Math.max(...limited.map((answer) => answer.retryAfterMs)), { accountLocked });
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

// One policy per copy of this module, never one shared through globalThis: Next bundles the route
// handlers and the server actions separately, and a refusal must be an instance of the
// TooManyAttemptsError its own caller imports (else the sign-in form took it for an outage). The
// counts themselves are in the shared store, so every copy sees the same ones.
let policy: AuthRateLimits | undefined;

/** The policy, configured from the environment on first use; its counts are shared by every process. */
export function authRateLimits(): AuthRateLimits {
  return (policy ??= new AuthRateLimits(authLimitConfigFromEnv()));
}

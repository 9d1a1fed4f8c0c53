import { describe, expect, it } from "vitest";
import {
  AuthRateLimits,
  DEFAULT_AUTH_LIMITS,
  type LimiterFactory,
  TooManyAttemptsError,
  authLimitConfigFromEnv,
  clientIp,
  tooManyAttemptsMessage,
} from "@/lib/auth/rate-limit";
import { LockBusyError } from "@/lib/storage/lock";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import type { Limiter } from "@/lib/limits/window";
import { SlidingWindowLimiter } from "@/lib/limits/memory";

const MINUTE = 60_000;

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function caught(fn: () => Promise<void>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The policy on limiters that keep their hits in memory, on this clock (the shared stores have tests of their own). */
const inMemory =
  (now: () => number = Date.now): LimiterFactory =>
  (_name, limit): Limiter => {
    const memory = new SlidingWindowLimiter({ ...limit, now });
    return {
      status: async (key) => memory.status(key),
      hit: async (key) => memory.hit(key),
      take: async (key) => memory.take(key),
      giveBack: async (key, receipt) => memory.giveBack(key, receipt),
      reset: async (key) => memory.reset(key),
    };
  };

/** A wrong password: its places stay counted. */
async function failSignIn(limits: AuthRateLimits, email: string, ip: string, options?: { owner?: boolean }): Promise<void> {
  await (await limits.reservePasswordCheck(email, ip, options)).failed();
}

/** Whether a password check may start now (what it holds is given back). */
async function allowed(limits: AuthRateLimits, email: string, ip: string, options?: { owner?: boolean }): Promise<void> {
  await (await limits.reservePasswordCheck(email, ip, options)).withdrawn();
}

describe("SlidingWindowLimiter", () => {
  it("allows max hits in the window and limits the next, until the oldest hit leaves the window", () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter({ max: 3, windowMs: 10 * MINUTE, now: clock.now });
    limiter.hit("k");
    clock.advance(2 * MINUTE);
    limiter.hit("k");
    limiter.hit("k");
    expect(limiter.status("k")).toEqual({ limited: true, retryAfterMs: 8 * MINUTE });
    clock.advance(8 * MINUTE - 1);
    expect(limiter.status("k").limited).toBe(true);
    clock.advance(1);
    expect(limiter.status("k")).toEqual({ limited: false });
  });

  it("slides: a burst just before the window ends still counts just after", () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 10 * MINUTE, now: clock.now });
    clock.advance(9 * MINUTE);
    limiter.hit("k");
    limiter.hit("k");
    clock.advance(2 * MINUTE); // a fixed window would have reset here
    expect(limiter.status("k").limited).toBe(true);
  });

  it("keeps keys apart, resets one key, and turns off with max 0", () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: MINUTE });
    limiter.hit("a");
    expect(limiter.status("a").limited).toBe(true);
    expect(limiter.status("b").limited).toBe(false);
    limiter.reset("a");
    expect(limiter.status("a").limited).toBe(false);

    const off = new SlidingWindowLimiter({ max: 0, windowMs: MINUTE });
    for (let i = 0; i < 100; i++) off.hit("a");
    expect(off.status("a").limited).toBe(false);
  });

  it("forgets the least recently hit keys beyond its capacity", () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: MINUTE, maxKeys: 2 });
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c");
    expect(limiter.status("a").limited).toBe(false);
    expect(limiter.status("b").limited).toBe(true);
    expect(limiter.status("c").limited).toBe(true);
  });

  it("gives back exactly the hit a take counted, once; other receipts and keys change nothing", () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter({ max: 3, windowMs: 10 * MINUTE, now: clock.now });
    const first = limiter.take("k");
    clock.advance(MINUTE);
    const second = limiter.take("k");
    limiter.take("k");
    expect(limiter.status("k").limited).toBe(true);
    if (first.limited || second.limited) throw new Error("the first takes must count");
    limiter.giveBack("other", second.receipt);
    limiter.giveBack("k", "m-unknown");
    expect(limiter.status("k").limited).toBe(true);
    limiter.giveBack("k", second.receipt);
    expect(limiter.status("k")).toEqual({ limited: false });
    // The one given back, not another: the first hit still holds the slot the next take fills.
    limiter.take("k");
    expect(limiter.status("k")).toEqual({ limited: true, retryAfterMs: 9 * MINUTE });
    limiter.giveBack("k", second.receipt);
    expect(limiter.status("k").limited).toBe(true);
    limiter.giveBack("k", first.receipt);
    expect(limiter.status("k")).toEqual({ limited: false });
  });
});

describe("AuthRateLimits", () => {
  it("by default refuses the 11th password check after 10 failures in 15 minutes, with a clear message", async () => {
    const clock = fakeClock();
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory(clock.now));
    for (let i = 0; i < 10; i++) await failSignIn(limits, "jane@example.com", "203.0.113.5");
    const error = await caught(() => allowed(limits, "jane@example.com", "203.0.113.5"));
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect((error as Error).message).toBe("Too many attempts. Try again in 15 minutes.");
    clock.advance(15 * MINUTE);
    await expect(allowed(limits, "jane@example.com", "203.0.113.5")).resolves.toBeUndefined();
  });

  it("lets at most max of the password checks started together through, before any is settled", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerEmailAndIp: 5 }, inMemory());
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => limits.reservePasswordCheck("jane@example.com", "203.0.113.5")));
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(5);
    for (const answer of answers) if (answer.status === "rejected") expect(answer.reason).toBeInstanceOf(TooManyAttemptsError);
  });

  it("gives back what a refused check had taken in the other limits", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 3, signInFailuresPerEmailAndIp: 1 }, inMemory());
    await failSignIn(limits, "jane@example.com", "203.0.113.5");
    // Refused by the per-email limit many times: had each kept its place on the address, the address would be limited.
    for (let i = 0; i < 5; i++) await expect(allowed(limits, "jane@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
    await failSignIn(limits, "other@example.com", "203.0.113.5");
    await expect(allowed(limits, "third@example.com", "203.0.113.5")).resolves.toBeUndefined();
  });

  it("refuses, holding nothing, when a store is busy, and never lets the check through unchecked", async () => {
    const busy = new LockBusyError("Too many requests at once just now; please try again in a moment.");
    const memory = inMemory();
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 1 }, (name, limit) => {
      const limiter = memory(name, limit);
      return name === "signin-account" ? { ...limiter, take: async () => Promise.reject(busy) } : limiter;
    });
    await expect(allowed(limits, "jane@example.com", "203.0.113.5")).rejects.toBe(busy);
    // The place it took on the address was given back.
    await expect(allowed(limits, "jane@example.com", "203.0.113.5", { owner: true })).resolves.toBeUndefined();
  });

  it("limits one address across many emails", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerEmailAndIp: 100 }, inMemory());
    for (let i = 0; i < 10; i++) await failSignIn(limits, `u${i}@example.com`, "203.0.113.5");
    await expect(allowed(limits, "new@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
    await expect(allowed(limits, "new@example.com", "198.51.100.7")).resolves.toBeUndefined();
  });

  it("limits one email from one address without locking that email out elsewhere", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 100 }, inMemory());
    for (let i = 0; i < 10; i++) await failSignIn(limits, "Jane@Example.com", "203.0.113.5");
    await expect(allowed(limits, "jane@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
    await expect(allowed(limits, "other@example.com", "203.0.113.5")).resolves.toBeUndefined();
    await expect(allowed(limits, "jane@example.com", "198.51.100.7")).resolves.toBeUndefined();
  });

  it("clears an email's failures on a successful sign-in, but not the address's", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 12 }, inMemory());
    for (let i = 0; i < 9; i++) await failSignIn(limits, "jane@example.com", "203.0.113.5");
    await (await limits.reservePasswordCheck("jane@example.com", "203.0.113.5")).succeeded();
    // The email may fail again as if new (10 more would be refused before the clearing)...
    await failSignIn(limits, "jane@example.com", "203.0.113.5");
    await failSignIn(limits, "jane@example.com", "203.0.113.5");
    // ...and the address keeps its 11 failures, the success not among them: one more place, then refused.
    await failSignIn(limits, "other@example.com", "203.0.113.5");
    await expect(allowed(limits, "other@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
  });

  it("never counts a right password, or a check withdrawn, as a failure", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 2, signInFailuresPerAccount: 2 }, inMemory());
    for (let i = 0; i < 5; i++) await (await limits.reservePasswordCheck("jane@example.com", "203.0.113.5")).succeeded();
    for (let i = 0; i < 5; i++) await allowed(limits, "jane@example.com", "203.0.113.5");
    await failSignIn(limits, "jane@example.com", "203.0.113.5");
    await expect(allowed(limits, "jane@example.com", "203.0.113.5")).resolves.toBeUndefined();
  });

  it("by default locks an account after 20 failures from any mix of addresses, except for a browser its owner signed in with", async () => {
    const clock = fakeClock();
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory(clock.now));
    for (let i = 0; i < 20; i++) await failSignIn(limits, i % 2 ? "Jane@example.com" : "jane@example.com", `198.51.100.${i}`);
    const error = await caught(() => allowed(limits, "jane@example.com", "192.0.2.1"));
    expect((error as Error).message).toBe("Too many attempts on this account. Try again in 15 minutes, or sign in from a browser you have signed in with before.");
    await expect(allowed(limits, "jane@example.com", "192.0.2.1", { owner: true })).resolves.toBeUndefined();
    await expect(allowed(limits, "other@example.com", "192.0.2.1")).resolves.toBeUndefined();
    clock.advance(15 * MINUTE);
    await expect(allowed(limits, "jane@example.com", "192.0.2.1")).resolves.toBeUndefined();
  });

  it("counts the owner's failures toward the account's lock for everyone else", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerAccount: 2 }, inMemory());
    await failSignIn(limits, "jane@example.com", "203.0.113.5", { owner: true });
    await failSignIn(limits, "jane@example.com", "203.0.113.5", { owner: true });
    await expect(allowed(limits, "jane@example.com", "198.51.100.7")).rejects.toThrow(/on this account/);
    await expect(allowed(limits, "jane@example.com", "203.0.113.5", { owner: true })).resolves.toBeUndefined();
  });

  it("keeps the per-address limits for the owner", async () => {
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory());
    for (let i = 0; i < 10; i++) await failSignIn(limits, "jane@example.com", "203.0.113.5");
    await expect(allowed(limits, "jane@example.com", "203.0.113.5", { owner: true })).rejects.toThrow(TooManyAttemptsError);
  });

  it("allows 20 sign-ups per address per hour by default", async () => {
    const clock = fakeClock();
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory(clock.now));
    for (let i = 0; i < 20; i++) await limits.takeSignUp("203.0.113.5");
    const error = await caught(() => limits.takeSignUp("203.0.113.5"));
    expect((error as Error).message).toBe("Too many attempts. Try again in 60 minutes.");
    await expect(limits.takeSignUp("198.51.100.7")).resolves.toBeUndefined();
    clock.advance(60 * MINUTE);
    await expect(limits.takeSignUp("203.0.113.5")).resolves.toBeUndefined();
  });
});

describe("configuration and helpers", () => {
  it("reads limits from the environment, keeping defaults for missing or malformed values", () => {
    expect(authLimitConfigFromEnv({})).toEqual(DEFAULT_AUTH_LIMITS);
    expect(
      authLimitConfigFromEnv({
        AUTH_SIGNIN_FAILURES_PER_IP: "1000",
        AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "0",
        AUTH_SIGNIN_WINDOW_MINUTES: "5",
        AUTH_SIGNUPS_PER_IP: "-3",
        AUTH_SIGNUP_WINDOW_MINUTES: "soon",
        AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "50",
      }),
    ).toEqual({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 1000, signInFailuresPerEmailAndIp: 0, signInFailuresPerAccount: 50, signInWindowMs: 5 * MINUTE });
  });

  it("says minutes, rounded up, at least one", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts. Try again in 1 minute.");
    expect(tooManyAttemptsMessage(61_000)).toBe("Too many attempts. Try again in 2 minutes.");
  });

  it("takes the client address the request filter stamped, never X-Real-IP or X-Forwarded-For", () => {
    expect(clientIp({ [CLIENT_ADDRESS_HEADER]: "203.0.113.5", "x-real-ip": "6.6.6.6", "x-forwarded-for": "1.1.1.1" })).toBe("203.0.113.5");
    expect(clientIp({ "x-real-ip": "203.0.113.5", "x-forwarded-for": "6.6.6.6, 203.0.113.5" })).toBe("unknown");
    expect(clientIp({})).toBe("unknown");
    expect(clientIp(undefined)).toBe("unknown");
  });
});

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
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import type { Limiter } from "@/lib/limits/limiter";
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
      reset: async (key) => memory.reset(key),
    };
  };

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
});

describe("AuthRateLimits", () => {
  it("by default blocks the 11th sign-in after 10 failures in 15 minutes, with a clear message", async () => {
    const clock = fakeClock();
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory(clock.now));
    for (let i = 0; i < 10; i++) {
      await limits.assertSignInAllowed("jane@example.com", "203.0.113.5");
      await limits.recordSignInFailure("jane@example.com", "203.0.113.5");
    }
    const error = await caught(() => limits.assertSignInAllowed("jane@example.com", "203.0.113.5"));
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect((error as Error).message).toBe("Too many attempts. Try again in 15 minutes.");
    clock.advance(15 * MINUTE);
    await expect(limits.assertSignInAllowed("jane@example.com", "203.0.113.5")).resolves.toBeUndefined();
  });

  it("limits one address across many emails", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerEmailAndIp: 100 }, inMemory());
    for (let i = 0; i < 10; i++) await limits.recordSignInFailure(`u${i}@example.com`, "203.0.113.5");
    await expect(limits.assertSignInAllowed("new@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
    await expect(limits.assertSignInAllowed("new@example.com", "198.51.100.7")).resolves.toBeUndefined();
  });

  it("limits one email from one address without locking that email out elsewhere", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 100 }, inMemory());
    for (let i = 0; i < 10; i++) await limits.recordSignInFailure("Jane@Example.com", "203.0.113.5");
    await expect(limits.assertSignInAllowed("jane@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
    await expect(limits.assertSignInAllowed("other@example.com", "203.0.113.5")).resolves.toBeUndefined();
    await expect(limits.assertSignInAllowed("jane@example.com", "198.51.100.7")).resolves.toBeUndefined();
  });

  it("clears an email's failures on a successful sign-in, but not the address's", async () => {
    const limits = new AuthRateLimits({ ...DEFAULT_AUTH_LIMITS, signInFailuresPerIp: 12 }, inMemory());
    for (let i = 0; i < 9; i++) await limits.recordSignInFailure("jane@example.com", "203.0.113.5");
    await limits.recordSignInSuccess("jane@example.com", "203.0.113.5");
    for (let i = 0; i < 3; i++) await limits.recordSignInFailure("jane@example.com", "203.0.113.5");
    await expect(limits.assertSignInAllowed("other@example.com", "203.0.113.5")).rejects.toThrow(TooManyAttemptsError);
  });

  it("by default locks an account after 20 failures from any mix of addresses, except for a browser its owner signed in with", async () => {
    const clock = fakeClock();
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory(clock.now));
    for (let i = 0; i < 20; i++) {
      await limits.assertSignInAllowed("jane@example.com", `198.51.100.${i}`);
      await limits.recordSignInFailure("Jane@example.com", `198.51.100.${i}`);
    }
    const error = await caught(() => limits.assertSignInAllowed("jane@example.com", "192.0.2.1"));
    expect((error as Error).message).toBe("Too many attempts on this account. Try again in 15 minutes, or sign in from a browser you have signed in with before.");
    await expect(limits.assertSignInAllowed("jane@example.com", "192.0.2.1", { knownBrowser: true })).resolves.toBeUndefined();
    await expect(limits.assertSignInAllowed("other@example.com", "192.0.2.1")).resolves.toBeUndefined();
    clock.advance(15 * MINUTE);
    await expect(limits.assertSignInAllowed("jane@example.com", "192.0.2.1")).resolves.toBeUndefined();
  });

  it("keeps the per-address limits for a known browser", async () => {
    const limits = new AuthRateLimits(DEFAULT_AUTH_LIMITS, inMemory());
    for (let i = 0; i < 10; i++) await limits.recordSignInFailure("jane@example.com", "203.0.113.5");
    await expect(limits.assertSignInAllowed("jane@example.com", "203.0.113.5", { knownBrowser: true })).rejects.toThrow(TooManyAttemptsError);
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

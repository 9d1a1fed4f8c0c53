import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { connectDb } from "@/lib/storage/connect";
import { redisNamespace } from "@/lib/redis/connection.mjs";
import { ensureIndexes } from "@/lib/seed/seed";
import { LimitHit } from "@/models/LimitHit";
import { createClient } from "redis";
import { freePort } from "../../scripts/services/server-process.mjs";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { Client, signedUpClient } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Two `next start` processes of one build on one database: the sign-in and review limits hold
// across both, in Redis when REDIS_URL is set and in the database without it (each process
// counting alone would let twice the guesses through), and a session made on one works on the other.
// A Redis that does not answer leaves each process counting in its own memory, without an error.

const PASSWORD = "secret-pass-1";
const ACCOUNT_LOCKED = /^Too many attempts on this account\. Try again in \d+ minutes?, or sign in from a browser you have signed in with before\.$/;
// Only the per-account limit is small: every request comes from 127.0.0.1.
const LIMITS = { AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "4", AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "1000", AUTH_SIGNIN_FAILURES_PER_IP: "1000", AUTH_SIGNUPS_PER_IP: "1000" };
const REVIEW_WRITES_ALLOWED = 5; // lib/reviews/write-limit.ts
const TOO_MANY = /^Too many attempts\. Try again in \d+ minutes?\.$/;
// The burst: only the per-email-on-address limit is small.
const BURST_LIMITS = { ...LIMITS, AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "1000", AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "5" };
const BURST_SIZE = 20;

/** One credentials sign-in attempt; the error next-auth reports, or null when it signed in. */
async function signInAttempt(client: Client, email: string, password: string): Promise<string | null> {
  return (await readySignIn(client, email, password))();
}

/** A sign-in with its CSRF token fetched, to send when called (so many can be sent at once). */
async function readySignIn(client: Client, email: string, password: string): Promise<() => Promise<string | null>> {
  const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf");
  const form = new URLSearchParams({ email, password, csrfToken: csrf.body.csrfToken, callbackUrl: client.baseUrl, json: "true" });
  return async () => {
    const reply = await client.call<{ url?: string }>("POST", "/api/auth/callback/credentials", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    return new URL(reply.body.url ?? "", client.baseUrl).searchParams.get("error");
  };
}

/** The same browser (its cookies) talking to another server process. */
function sameBrowserOn(client: Client, baseUrl: string): Client {
  const moved = new Client(baseUrl, client.email);
  for (const pair of client.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    moved.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return moved;
}

type Store = {
  /** REDIS_URL for the servers, or null for none. */
  redisUrl: () => Promise<string | null>;
  /** The failed sign-ins of an account that the store holds. */
  accountFailures: (email: string) => Promise<number>;
};

async function redisAccountFailures(email: string): Promise<number> {
  const client = createClient({ url: redis?.url });
  await client.connect();
  try {
    return await client.zCard(`limits:${redisNamespace()}:signin-account:${email}`);
  } finally {
    await client.close();
  }
}

/** `tag` keeps the two runs' accounts apart in the one database. */
function describeTwoProcesses(title: string, tag: string, store: Store) {
  describe(title, () => {
    let servers: TestServer[] = [];
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      await connectDb();
      await ensureIndexes();
      const url = await store.redisUrl();
      const env = { ...LIMITS, ...(url ? { REDIS_URL: url } : {}) };
      servers = await Promise.all([startServer(env), startServer(env)]);
      [a, b] = servers as [TestServer, TestServer];
    }, 120_000);
    afterAll(async () => {
      const outputs = servers.map((server) => server.output());
      await Promise.all(servers.map((server) => server.stop()));
      for (const output of outputs) expect(output).not.toMatch(/\[api\] unexpected error|\[auth\] sign-in unavailable/);
    });

    it("a session made on A works on B", async () => {
      const email = `${tag}-session@example.com`;
      const onA = await signedUpClient(a.baseUrl, email, "Sam");
      const onB = sameBrowserOn(onA, b.baseUrl);
      expect((await onB.get(`/orders/${email}`)).status).toBe(200);
      expect((await onB.get<{ user?: { email?: string } }>("/api/auth/session")).body.user?.email).toBe(email);
    });

    it("failed sign-ins spread over A and B lock the account on both", async () => {
      const email = `${tag}-locked@example.com`;
      await signedUpClient(a.baseUrl, email, "Lou");
      for (const [i, server] of [a, b, a, b].entries()) {
        expect(await signInAttempt(new Client(server.baseUrl), email, `wrong-guess-${i}`), server.baseUrl).toBe(WRONG_CREDENTIALS);
      }
      // Even the right password, from a browser that never signed in, waits now on either process.
      expect(await signInAttempt(new Client(a.baseUrl), email, PASSWORD)).toMatch(ACCOUNT_LOCKED);
      expect(await signInAttempt(new Client(b.baseUrl), email, PASSWORD)).toMatch(ACCOUNT_LOCKED);
      // Counted in the shared store, not in each process's memory.
      expect(await store.accountFailures(email)).toBe(4);
    });

    it("review writes spread over A and B are limited on both", async () => {
      const email = `${tag}-reviewer@example.com`;
      const onA = await signedUpClient(a.baseUrl, email, "Rita");
      const onB = sameBrowserOn(onA, b.baseUrl);
      for (let i = 0; i < REVIEW_WRITES_ALLOWED; i++) {
        const reply = await (i % 2 ? onB : onA).post("/reviews", { rating: 4, description: `Take ${i}.` });
        expect(reply.status, JSON.stringify(reply.body)).toBe(i === 0 ? 201 : 200);
      }
      for (const client of [onA, onB]) {
        const refused = await client.post("/reviews", { rating: 1, description: "Once more." });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/^You have changed your review often just now\. Try again in \d+ minutes?\.$/) });
      }
    });
  });
}

/**
 * Sign-ins sent together used to all pass the limit before any failure was counted: 30 from one
 * address checked 30 passwords, the right one among them. Now each holds its place before its
 * password is checked: of 20 sent together to two processes, at most 5 get an answer about the
 * password, and the right one, sent once the limit is full and while the others are still being
 * checked, waits like the rest.
 */
function describeBurst(title: string, tag: string, store: Store) {
  describe(title, () => {
    let servers: TestServer[] = [];
    beforeAll(async () => {
      await connectDb();
      await ensureIndexes();
      const url = await store.redisUrl();
      servers = await Promise.all([startServer({ ...BURST_LIMITS, ...(url ? { REDIS_URL: url } : {}) }), startServer({ ...BURST_LIMITS, ...(url ? { REDIS_URL: url } : {}) })]);
    }, 120_000);
    afterAll(async () => {
      const outputs = servers.map((server) => server.output());
      await Promise.all(servers.map((server) => server.stop()));
      for (const output of outputs) expect(output).not.toMatch(/\[api\] unexpected error|\[auth\] sign-in unavailable/);
    });

    it("checks at most the limit's number of passwords of a burst, and the right password waits", async () => {
      const email = `${tag}-burst@example.com`;
      const [a, b] = servers as [TestServer, TestServer];
      await signedUpClient(a.baseUrl, email, "Bea");
      const guesses = await Promise.all(
        Array.from({ length: BURST_SIZE - 1 }, (_, i) => readySignIn(new Client((i % 2 ? b : a).baseUrl), email, `wrong-guess-${i}`)),
      );
      const right = await readySignIn(new Client(b.baseUrl), email, PASSWORD);
      const answers = guesses.map((send) => send());
      // The right password goes once a guess was refused (the limit is full, its places held by
      // guesses still being checked or failed), or, had none been refused, after them all.
      const firstRefusal = new Promise<void>((resolve) => answers.forEach((answer) => void answer.then((error) => error !== WRONG_CREDENTIALS && resolve())));
      await Promise.race([firstRefusal, Promise.all(answers)]);
      const errors = await Promise.all([...answers, right()]);
      const wrong = errors.filter((error) => error === WRONG_CREDENTIALS).length;
      expect(wrong, JSON.stringify(errors)).toBeLessThanOrEqual(5);
      expect(errors.at(-1), "the right password").toMatch(TOO_MANY);
      expect(errors.filter((error) => error !== WRONG_CREDENTIALS), JSON.stringify(errors)).toEqual(Array(BURST_SIZE - wrong).fill(expect.stringMatching(TOO_MANY)));
      // Only the checked passwords stay counted: the refused gave their places back.
      expect(await store.accountFailures(email)).toBe(wrong);
    });

    it("checks at most the limit's number of current passwords of a burst of password changes", async () => {
      const email = `${tag}-burst-change@example.com`;
      const [a, b] = servers as [TestServer, TestServer];
      const owner = await signedUpClient(a.baseUrl, email, "Cy");
      const onB = sameBrowserOn(owner, b.baseUrl);
      const replies = await Promise.all(
        Array.from({ length: BURST_SIZE }, (_, i) => (i % 2 ? onB : owner).put("/user/password", { currentPassword: `wrong-guess-${i}`, newPassword: "never-set-pass-9" })),
      );
      const statuses = replies.map((reply) => reply.status);
      const checked = statuses.filter((status) => status === 403).length;
      expect(checked, JSON.stringify(statuses)).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 403), JSON.stringify(statuses)).toEqual(Array(BURST_SIZE - checked).fill(429));
      expect(await store.accountFailures(email)).toBe(checked);
    });
  });
}

let redis: PrivateRedis | undefined;
afterAll(async () => {
  await redis?.stop();
});

describeTwoProcesses("with Redis (REDIS_URL)", "redis", {
  async redisUrl() {
    redis = await startRedis();
    return redis.url;
  },
  accountFailures: (email) => redisAccountFailures(email),
});

describeTwoProcesses("without Redis: limits in the database", "db", {
  redisUrl: async () => null,
  accountFailures: (email) => LimitHit.countDocuments({ key: `signin-account:${email}` }),
});

describeBurst("a burst of sign-ins with Redis (REDIS_URL)", "redis", {
  async redisUrl() {
    redis ??= await startRedis();
    return redis.url;
  },
  accountFailures: (email) => redisAccountFailures(email),
});

describeBurst("a burst of sign-ins without Redis: limits in the database", "db", {
  redisUrl: async () => null,
  accountFailures: (email) => LimitHit.countDocuments({ key: `signin-account:${email}` }),
});

describe("with REDIS_URL set but nobody answering there", () => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ ...LIMITS, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  }, 120_000);
  afterAll(async () => {
    const output = server?.output() ?? "";
    await server?.stop();
    expect(output).not.toMatch(/\[api\] unexpected error|\[auth\] sign-in unavailable/);
  });

  it("signs in, limits in the process's own memory and writes reviews, never failing", async () => {
    const base = server?.baseUrl ?? "";
    const email = "down-locked@example.com";
    const owner = await signedUpClient(base, email, "Dana");
    for (let i = 0; i < 4; i++) expect(await signInAttempt(new Client(base), email, `wrong-guess-${i}`)).toBe(WRONG_CREDENTIALS);
    expect(await signInAttempt(new Client(base), email, PASSWORD)).toMatch(ACCOUNT_LOCKED);
    expect((await owner.post("/reviews", { rating: 5, description: "Still here." })).status).toBe(201);
  });
});

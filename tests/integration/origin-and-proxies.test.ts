import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { connectDb } from "@/lib/storage/connect";
import { BROWSER_ORIGIN_HEADER, CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import { Client, signedUpClient } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// The same-origin rule compares with the origin the browser used, and the
// forwarding headers (X-Forwarded-Host/-Proto/-For, X-Real-IP) count only from TRUSTED_PROXIES.

const PASSWORD = "secret-pass-1";
const review = { rating: 5, description: "Good parts.", name: "ignored", image: "" };
const refusedAsCrossSite = { success: false, message: expect.stringMatching(/cross-site/i) };

/** One credentials sign-in attempt; the error next-auth reports, or null when it signed in. */
async function signInAttempt(client: Client, email: string, password: string, headers: Record<string, string> = {}): Promise<string | null> {
  const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf", { headers });
  const form = new URLSearchParams({ email, password, csrfToken: csrf.body.csrfToken, callbackUrl: client.baseUrl, json: "true" });
  const reply = await client.call<{ url?: string }>("POST", "/api/auth/callback/credentials", {
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
  return new URL(reply.body.url ?? "", client.baseUrl).searchParams.get("error");
}

/** Wrong passwords from three addresses of `network`: the account is locked (AUTH_SIGNIN_FAILURES_PER_ACCOUNT=3 below). */
async function lockAccount(baseUrl: string, email: string, network: string): Promise<void> {
  const guesser = new Client(baseUrl);
  for (let i = 1; i <= 3; i += 1) expect(await signInAttempt(guesser, email, `wrong-guess-${i}`, { "x-forwarded-for": `${network}.${i}` })).toBe(WRONG_CREDENTIALS);
}

async function signOutUrl(client: Client): Promise<string | undefined> {
  const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf");
  const form = new URLSearchParams({ csrfToken: csrf.body.csrfToken, callbackUrl: "/", json: "true" });
  const reply = await client.call<{ url?: string }>("POST", "/api/auth/signout", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  return reply.body.url;
}

beforeAll(async () => {
  await connectDb();
});

describe("a shop configured as another host (NEXTAUTH_URL), browsed at 127.0.0.1 and localhost, no trusted proxy", () => {
  let server: TestServer;
  let localhostBase: string;
  beforeAll(async () => {
    server = await startServer({ NEXTAUTH_URL: "http://shop.invalid", AUTH_SIGNIN_FAILURES_PER_IP: "3" });
    localhostBase = server.baseUrl.replace("127.0.0.1", "localhost");
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("accepts a signed-in write whose Origin is the host the browser used, by either name", async () => {
    const atIp = await signedUpClient(server.baseUrl, "ip-visitor@example.com", "Ip Visitor");
    expect((await atIp.post("/reviews", review, { origin: server.baseUrl })).status).toBe(201);
    const atName = await signedUpClient(localhostBase, "name-visitor@example.com", "Name Visitor");
    expect((await atName.post("/reviews", review, { origin: localhostBase })).status).toBe(201);
  });

  it("refuses every other origin, whatever forwarding headers or our own header names a client adds", async () => {
    const alice = await signedUpClient(server.baseUrl, "alice-origin@example.com", "Alice");
    const attempts: { origin: string | null; headers?: Record<string, string> }[] = [
      { origin: "https://evil.example" },
      // The shop's other name is another origin: the browser is on 127.0.0.1.
      { origin: localhostBase },
      { origin: "https://evil.example", headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" } },
      { origin: "http://evil.example", headers: { "x-forwarded-host": "evil.example", forwarded: "host=evil.example;proto=http" } },
      { origin: "https://evil.example", headers: { [BROWSER_ORIGIN_HEADER]: "https://evil.example" } },
      { origin: null, headers: { "sec-fetch-site": "cross-site", "x-forwarded-host": "evil.example" } },
    ];
    for (const { origin, headers } of attempts) {
      const reply = await alice.post("/reviews", review, { origin, headers });
      expect({ origin, headers, status: reply.status, body: reply.body }).toEqual({ origin, headers, status: 403, body: refusedAsCrossSite });
    }
  });

  it("signs out onto the home page of the host the visitor is on, not NEXTAUTH_URL's", async () => {
    const atIp = await signedUpClient(server.baseUrl, "leaving-ip@example.com", "Leaving");
    expect(await signOutUrl(atIp)).toBe(`${server.baseUrl}/`);
    expect(atIp.signedIn).toBe(false);
    const atName = await signedUpClient(localhostBase, "leaving-name@example.com", "Leaving");
    expect(await signOutUrl(atName)).toBe(`${localhostBase}/`);
  });

  it("sends a refused sign-up to the error page on the host the visitor is on, not NEXTAUTH_URL's", async () => {
    await signedUpClient(server.baseUrl, "taken@example.com", "Taken");
    for (const base of [server.baseUrl, localhostBase]) {
      const client = new Client(base);
      const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf");
      const form = new URLSearchParams({ email: "taken@example.com", password: "another-pass-9", name: "Again", mode: "signup", csrfToken: csrf.body.csrfToken });
      const reply = await client.call("POST", "/api/auth/callback/credentials", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(reply.status).toBe(302);
      const location = reply.headers.get("location") ?? "";
      expect(location.startsWith(`${base}/api/auth/error?error=`), location).toBe(true);
    }
  });

  it("takes no X-Forwarded-Proto from an untrusted peer: no HSTS for plain http", async () => {
    const reply = await fetch(`${server.baseUrl}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("strict-transport-security")).toBeNull();
  });

  // Last: it uses up 127.0.0.1's sign-in failures on this server.
  it("counts sign-in failures against the socket's address, whatever X-Forwarded-For, X-Real-IP or our own header claim", async () => {
    await signedUpClient(server.baseUrl, "bob-limits@example.com", "Bob");
    const guesser = new Client(server.baseUrl);
    const forged: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.1" },
      { "x-real-ip": "198.51.100.2" },
      { [CLIENT_ADDRESS_HEADER]: "198.51.100.3", "x-forwarded-for": "198.51.100.4, 198.51.100.5" },
    ];
    for (const [i, headers] of forged.entries()) {
      expect(await signInAttempt(guesser, "bob-limits@example.com", `wrong-${i}`, headers)).toBe(WRONG_CREDENTIALS);
    }
    const next = await signInAttempt(guesser, "bob-limits@example.com", PASSWORD, { "x-forwarded-for": "198.51.100.6", "x-real-ip": "198.51.100.6" });
    expect(next).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });
});

describe("behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUSTED_PROXIES: "127.0.0.1", AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "3" });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("takes the browser's origin from the proxy's X-Forwarded-Host and X-Forwarded-Proto", async () => {
    const alice = await signedUpClient(server.baseUrl, "alice-proxy@example.com", "Alice");
    const viaProxy = { "x-forwarded-host": "shop.example", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };
    expect((await alice.post("/reviews", review, { origin: "https://shop.example", headers: viaProxy })).status).toBe(201);
    // Behind the proxy, neither another site nor the shop's other name nor plain http is the browser's origin.
    for (const origin of ["https://evil.example", "http://shop.example", server.baseUrl.replace("127.0.0.1", "localhost")]) {
      const wrong = await alice.post("/reviews", review, { origin, headers: viaProxy });
      expect({ origin, status: wrong.status, body: wrong.body }).toEqual({ origin, status: 403, body: refusedAsCrossSite });
    }
  });

  it("holds the failure limit of an account whatever address the guesses come from, and lets the owner in from their own browser", async () => {
    const email = "owner-proxy@example.com";
    const owner = await signedUpClient(server.baseUrl, email, "Owner");
    const guesser = new Client(server.baseUrl);
    for (let i = 1; i <= 3; i += 1) {
      expect(await signInAttempt(guesser, email, `wrong-guess-${i}`, { "x-forwarded-for": `198.51.100.${i}` })).toBe(WRONG_CREDENTIALS);
    }
    // The right password from yet another address, in a browser that never signed in here: locked.
    const stranger = new Client(server.baseUrl);
    expect(await signInAttempt(stranger, email, PASSWORD, { "x-forwarded-for": "198.51.100.50" })).toMatch(
      /^Too many attempts on this account\. Try again in \d+ minutes?, or sign in from a browser you have signed in with before\.$/,
    );
    // The owner's own browser (it signed up here), from a new address: in.
    expect(await signInAttempt(owner, email, PASSWORD, { "x-forwarded-for": "192.0.2.80" })).toBeNull();
    expect(owner.signedIn).toBe(true);
  });

  it("lets the signed-in owner change the password while the account is locked", async () => {
    const email = "leaked-proxy@example.com";
    const owner = await signedUpClient(server.baseUrl, email, "Owner");
    await lockAccount(server.baseUrl, email, "198.51.101");
    const change = await owner.put("/user/password", { currentPassword: PASSWORD, newPassword: "rotated-pass-2" }, { headers: { "x-forwarded-for": "192.0.2.81" } });
    expect({ status: change.status, retryAfter: change.headers.get("retry-after") }).toEqual({ status: 200, retryAfter: null });
  });

  it("gives each browser a mark of its own, and a password change leaves only the browser that made it known", async () => {
    const email = "shared-proxy@example.com";
    const home = await signedUpClient(server.baseUrl, email, "Owner");
    const library = new Client(server.baseUrl);
    await library.signIn(email, PASSWORD);
    const markOf = (client: Client) => client.cookieHeader().match(/autoparts\.known-browser=([^;]+)/)?.[1];
    expect(markOf(library)).toBeDefined();
    expect(markOf(library)).not.toBe(markOf(home));

    expect((await home.put("/user/password", { currentPassword: PASSWORD, newPassword: "rotated-pass-3" })).status).toBe(200);
    await lockAccount(server.baseUrl, email, "198.51.102");
    expect(await signInAttempt(library, email, "rotated-pass-3", { "x-forwarded-for": "192.0.2.82" })).toMatch(/^Too many attempts on this account\./);
    expect(await signInAttempt(home, email, "rotated-pass-3", { "x-forwarded-for": "192.0.2.83" })).toBeNull();
  });
});

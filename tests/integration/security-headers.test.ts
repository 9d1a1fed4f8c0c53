import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { connectDb } from "@/lib/storage/connect";
import { seedDatabase } from "@/lib/seed/seed";
import { MESSAGES } from "@/lib/validation/auth";
import { Part } from "@/models/Part";
import { Client } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Every reply carries the security headers: a page, an API reply, a 404 and a redirect.
let server: TestServer;

let partId: string;

beforeAll(async () => {
  await connectDb();
  // Parts and vehicles, for their pages.
  await seedDatabase({ NODE_ENV: "development" });
  partId = String((await Part.findOne({}, { _id: 1 }).lean())!._id);
  // The test stands in for the TLS proxy in front, whose X-Forwarded-Proto counts only when it is trusted.
  server = await startServer({ TRUSTED_PROXIES: "127.0.0.1" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers.get("x-frame-options")).toBe("DENY");
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  // Served over plain http here: no HSTS.
  expect(headers.get("strict-transport-security")).toBeNull();
}

function pageNonce(headers: Headers): string {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
}

describe("security headers", () => {
  it("a page: a fresh nonce in the CSP, and every script of the page carries it", async () => {
    // /signin renders per request; the cached public pages (/, /parts, …) name their scripts' hashes instead.
    const first = await fetch(`${server.baseUrl}/signin`);
    expect(first.status).toBe(200);
    expectCommonHeaders(first.headers);
    const nonce = pageNonce(first.headers);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${server.baseUrl}/signin`);
    expect(pageNonce(second.headers)).not.toBe(nonce);
  });

  const scriptSrc = (headers: Headers) => (headers.get("content-security-policy") ?? "").split("; ").find((d) => d.startsWith("script-src ")) ?? "";
  /** What a browser hashes: the text of each inline script it would run (not JSON-LD, not a <script src>). */
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, text]) => text !== "" && !/\bsrc=|type="application\/ld\+json"/.test(attrs!)).map(([, , text]) => text!);
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("a page served from the cache (the same HTML for everyone): no inline script allowed but its own, by hash, on every visit", async () => {
    const cached = ["/", "/parts", "/parts?page=2", "/parts?sort=name", `/parts/${partId}`, "/customer-reviews", "/blog", "/portfolio", "/returns", "/shipping"];
    for (const path of cached) {
      // The visit that fills the cache and one served from it.
      for (const visit of ["first", "second"]) {
        const reply = await fetch(`${server.baseUrl}${path}`);
        expect(reply.status, path).toBe(200);
        expectCommonHeaders(reply.headers);
        const sources = scriptSrc(reply.headers);
        expect(sources, `${path}, ${visit} visit`).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
        const scripts = inlineScripts(await reply.text());
        expect(scripts.length, path).toBeGreaterThan(0);
        for (const text of scripts) expect(sources, `${path}: ${text.slice(0, 60)}`).toContain(sha256(text));
        expect(reply.headers.get("x-autoparts-script-hashes"), "the private header is never sent").toBeNull();
      }
    }
  });

  it("a page rendered per request (a vehicle, a search, the parts that fit a chosen vehicle): this request's nonce on every script", async () => {
    const vehicle = { headers: { cookie: "vehicle=2016/honda/civic" } };
    for (const [path, init] of [["/vehicles/2016/honda/civic", {}], ["/parts?q=brake", {}], ["/", vehicle], [`/parts/${partId}`, vehicle]] as const) {
      const reply = await fetch(`${server.baseUrl}${path}`, init);
      expect(reply.status, path).toBe(200);
      const nonce = pageNonce(reply.headers);
      const html = await reply.text();
      const executable = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "").filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(executable.length, path).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("a visitor cannot choose a page's nonce by sending a CSP header of its own", async () => {
    const chosen = "Y2hvc2VuLWJ5LXRoZS12aXNpdG9y";
    const reply = await fetch(`${server.baseUrl}/signin`, { headers: { "content-security-policy": `script-src 'nonce-${chosen}'` } });
    expect(pageNonce(reply.headers)).not.toBe(chosen);
    expect(await reply.text()).not.toContain(chosen);
  });

  it("an API reply: a CSP that allows nothing to run", async () => {
    const reply = await fetch(`${server.baseUrl}/carparts`);
    expect(reply.status).toBe(200);
    expectCommonHeaders(reply.headers);
    expect(reply.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("a 404 page and an API 404", async () => {
    // The not-found page is prerendered (the same HTML for everyone): its scripts by hash; an unknown part is a 404 of a cached page.
    for (const path of ["/no-such-page", "/no-such-page", "/parts/0123456789abcdef01234567"]) {
      const page = await fetch(`${server.baseUrl}${path}`);
      expect(page.status, path).toBe(404);
      expectCommonHeaders(page.headers);
      const sources = scriptSrc(page.headers);
      expect(sources, path).not.toContain("unsafe-inline");
      const scripts = inlineScripts(await page.text());
      for (const text of scripts) expect(sources, path).toContain(sha256(text));
    }
    const api = await fetch(`${server.baseUrl}/carparts/0123456789abcdef01234567`);
    expect(api.status).toBe(404);
    expectCommonHeaders(api.headers);
  });

  it("a redirect (signed out on a guarded page) and a refused broken path", async () => {
    const redirect = await fetch(`${server.baseUrl}/dashboard`, { redirect: "manual" });
    expect([302, 307]).toContain(redirect.status);
    expect(redirect.headers.get("location")).toContain("/signin");
    expectCommonHeaders(redirect.headers);
    const broken = await fetch(`${server.baseUrl}/parts/%E0%A4%A`);
    expect(broken.status).toBe(400);
    expectCommonHeaders(broken.headers);
  });

  it("Next's static files get the headers too", async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const reply = await fetch(`${server.baseUrl}${asset}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    expect(reply.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("HSTS only when served over HTTPS (a TLS proxy in front says so); the page then upgrades insecure requests", async () => {
    const reply = await fetch(`${server.baseUrl}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(reply.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(reply.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(scriptSrc(reply.headers)).toMatch(/^script-src 'self' 'sha256-/);
    const api = await fetch(`${server.baseUrl}/carparts`, { headers: { "x-forwarded-proto": "https" } });
    expect(api.headers.get("strict-transport-security")).toBeTruthy();
  });
});

describe("cookies", () => {
  it("the session and CSRF cookies are httpOnly and SameSite=Lax (not Secure over plain http)", async () => {
    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
    const csrfCookies = csrf.headers.getSetCookie();
    expect(csrfCookies.length).toBeGreaterThan(0);
    const client = new Client(server.baseUrl);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = csrfCookies.map((line) => line.split(";")[0]).join("; ");
    const form = new URLSearchParams({ email: "cookie-check@example.com", password: "secret-pass-1", name: "Cookie", mode: "signup", csrfToken, json: "true" });
    const signUp = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, origin: server.baseUrl },
      body: form.toString(),
      redirect: "manual",
    });
    const cookies = [...csrfCookies, ...signUp.headers.getSetCookie()];
    expect(cookies.some((c) => c.startsWith("next-auth.session-token="))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
    expect(client.signedIn).toBe(false);
  });

  it("Secure cookies whenever the shop's public URL is https", () => {
    expect(wantsSecureCookies({ NEXTAUTH_URL: "https://shop.example.com" })).toBe(true);
    expect(wantsSecureCookies({ SITE_URL: "https://shop.example.com" })).toBe(true);
    expect(wantsSecureCookies({ NEXTAUTH_URL: "http://localhost:3000" })).toBe(false);
    expect(wantsSecureCookies({})).toBe(false);
  });
});

describe("common passwords", () => {
  it("sign-up with one of the most common passwords is refused with a clear message", async () => {
    const client = new Client(server.baseUrl);
    await expect(client.signUp("common-pass@example.com", "Password1", "Weak")).rejects.toThrow(/sign-in failed/);
    const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf");
    const form = new URLSearchParams({ email: "common-pass@example.com", password: "qwerty123", name: "Weak", mode: "signup", csrfToken: csrf.body.csrfToken, json: "true" });
    const reply = await client.call<{ url?: string }>("POST", "/api/auth/callback/credentials", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(decodeURIComponent(String(reply.body.url ?? reply.headers.get("location") ?? "")).replaceAll("+", " ")).toContain(MESSAGES.passwordCommon);
  });
});

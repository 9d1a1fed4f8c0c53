import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { connectDb } from "@/lib/db/connect";
import { MESSAGES } from "@/lib/validation/auth";
import { Client } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Issue 9: every reply carries the security headers: a page, an API reply, a 404 and a redirect.
let server: TestServer;

beforeAll(async () => {
  await connectDb();
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
    // /signin renders per request; the cached public pages (/, /parts, …) cannot carry a nonce.
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

  it("a cached public page: the same HTML for everyone, so 'self' scripts and no nonce", async () => {
    for (const path of ["/", "/parts", "/blog"]) {
      const reply = await fetch(`${server.baseUrl}${path}`);
      expect(reply.status).toBe(200);
      expectCommonHeaders(reply.headers);
      const csp = reply.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain("nonce-");
      expect(await reply.text()).not.toContain("nonce=");
    }
  });

  it("an API reply: a CSP that allows nothing to run", async () => {
    const reply = await fetch(`${server.baseUrl}/carparts`);
    expect(reply.status).toBe(200);
    expectCommonHeaders(reply.headers);
    expect(reply.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("a 404 page and an API 404", async () => {
    // The not-found page is prerendered (the same HTML for everyone): no nonce, 'self' scripts.
    const page = await fetch(`${server.baseUrl}/no-such-page`);
    expect(page.status).toBe(404);
    expectCommonHeaders(page.headers);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self' 'unsafe-inline'");
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

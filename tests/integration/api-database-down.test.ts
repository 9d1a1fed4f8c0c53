import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/services/server-process.mjs";
import { Client } from "../support/client";
import { TEST_AUTH_SECRET, startServer, type TestServer } from "../support/server";

// The server runs against a database address nobody answers on.
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/down` });
}, 90_000);

afterAll(async () => {
  const output = server?.output() ?? "";
  await server?.stop();
  expect(output).not.toContain("[api] unexpected error");
});

describe("when the database is unavailable", () => {
  it("reads answer 503 with the error shape and a Retry-After, never a 500", async () => {
    const client = new Client(server.baseUrl);
    const [parts, reviews, part] = await Promise.all([client.get("/carparts"), client.get("/reviews"), client.get("/carparts/0123456789abcdef01234567")]);
    for (const reply of [parts, reviews, part]) {
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ success: false, message: expect.stringMatching(/database/i) });
      expect(reply.headers.get("retry-after")).toBeTruthy();
    }
  });

  it("writes by a signed-in user answer 503 too, within a few seconds", async () => {
    // Signing in needs the database; a session token minted with the server's secret stands in for one.
    const token = await encode({ token: { email: "jane@example.com", name: "Jane", role: "user" }, secret: TEST_AUTH_SECRET });
    const client = new Client(server.baseUrl);
    const headers = { cookie: `next-auth.session-token=${token}` };
    const started = Date.now();
    const replies = await Promise.all([
      client.post("/orderd", { _id: "0123456789abcdef01234567", name: "Jane", email: "jane@example.com", quantity: 1, phone: "555", address: "1 Road" }, { headers }),
      client.post("/reviews", { rating: 5, description: "Great" }, { headers }),
      client.put("/user/jane@example.com", { email: "jane@example.com" }, { headers }),
      client.delete("/orders/0123456789abcdef01234567", { headers }),
      client.get("/orders/jane@example.com", { headers }),
    ]);
    expect(Date.now() - started).toBeLessThan(12_000);
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ success: false, message: expect.stringMatching(/database/i) });
    }
  });

  it("pages answer 503 with a Retry-After and the friendly error page (app/error.tsx), with no error detail in the page", async () => {
    const token = await encode({ token: { email: "jane@example.com", name: "Jane", role: "user" }, secret: TEST_AUTH_SECRET });
    const signedIn = { cookie: `next-auth.session-token=${token}` };
    const pages: [string, Record<string, string>][] = [
      ["/", {}],
      ["/parts", {}],
      ["/parts/0123456789abcdef01234567", {}],
      ["/customer-reviews", {}],
      ["/purchase/0123456789abcdef01234567", signedIn],
      ["/dashboard/my-orders", signedIn],
    ];
    // In parallel: each waits for the database's connection time-out (5 s).
    const replies = await Promise.all(pages.map(async ([path, headers]) => {
      const reply = await fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" });
      return { path, reply, html: await reply.text() };
    }));
    for (const { path, reply, html } of replies) {
      expect(reply.status, path).toBe(503);
      expect(reply.headers.get("retry-after"), path).toBe("5");
      // The page is Next's error document, which the browser turns into the shop's error boundary; only a digest is sent.
      expect(html, path).toMatch(/<html id="__next_error__">/);
      expect(html, path).toMatch(/digest/);
      expect(html, path).not.toMatch(/ServerSelection|ECONNREFUSED|127\.0\.0\.1:\d+\/down|at async/);
    }
    // A page that needs no database is still served.
    expect((await fetch(`${server.baseUrl}/blog`)).status).toBe(200);
  }, 30_000);

  it("a sign-in is refused as 'not available just now' and logs one line, not the driver's stack and topology", async () => {
    const logBefore = server.output().length;
    await expect(new Client(server.baseUrl).signIn("jane@example.com", "secret-pass-1")).rejects.toThrow(/not%20available%20just%20now/);
    const logged = server.output().slice(logBefore);
    expect(logged).toContain("[auth] sign-in unavailable, database down");
    expect(logged).not.toMatch(/^\s+at |TopologyDescription/m);
  });

  it("a call without a session is still a 401 (no database needed to say so)", async () => {
    const reply = await new Client(server.baseUrl).post("/reviews", { rating: 5 });
    expect(reply.status).toBe(401);
  });
});

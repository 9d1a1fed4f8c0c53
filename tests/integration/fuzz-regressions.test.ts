import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Cases schemathesis found (npm run fuzz), kept so they stay fixed.
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

/** fetch() cannot send TRACE (the Fetch API forbids it), so this goes through node:http. */
function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${path}`, { method, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("fuzzer findings", () => {
  // Found: TRACE on every API path (e.g. `TRACE /carparts`) answered 500: Next cannot build a Request for it.
  it.each(["/carparts", "/orders/0@a.aa", "/user", "/", "/parts"])("TRACE %s is a 405 in the error shape, not a 500", async (path) => {
    const reply = await send("TRACE", path);
    expect(reply.status).toBe(405);
    expect(JSON.parse(reply.body)).toEqual({ success: false, message: expect.any(String) });
    expect(reply.headers.allow).toBeTruthy();
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("TRACK, which Node's HTTP parser does not know, is its 400, never a 5xx", async () => {
    const reply = await send("TRACK", "/carparts").catch(() => ({ status: 400 }));
    expect(reply.status).toBeLessThan(500);
  });

  // Found by the bench: autocannon closing its connections mid-body at the end of a POST run was
  // logged as "[api] unexpected error … aborted". The client is gone; there is nothing to answer.
  it("a client that hangs up halfway through a request body is no unexpected error", async () => {
    const client = new Client(server.baseUrl);
    await client.signUp("hang-up@example.com", "hang-up-pass-1", "Hang Up");
    const { hostname, port, host } = new URL(server.baseUrl);
    const head = [
      "POST /reviews HTTP/1.1",
      `Host: ${host}`,
      `Origin: ${server.baseUrl}`,
      `Cookie: ${client.cookieHeader()}`,
      "Content-Type: application/json",
      "Content-Length: 1000",
    ].join("\r\n");
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`${head}\r\n\r\n{"rating": 4, "description": "cut`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on("error", reject);
    });
    // The server notices the hang-up on its next read.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.output()).not.toMatch(/\[api\] unexpected error/);
    expect((await client.get<unknown[]>("/reviews?limit=5")).body).not.toContainEqual(expect.objectContaining({ description: expect.stringContaining("cut") }));
  });

  it("the server logged no unexpected error", () => {
    expect(server.output()).not.toMatch(/HTTP method is unsupported|\[api\] unexpected error/);
  });
});

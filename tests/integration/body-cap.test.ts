import net from "node:net";
import { describe, expect, it } from "vitest";
import { setUpApiWorld } from "../support/api";

// Every request body on every path is capped at 16 KB before anything buffers it (next-auth's
// routes included), whether it declares its length or streams in chunks.
const world = setUpApiWorld();

/**
 * Sends a raw HTTP/1.1 request (fetch cannot lie about Content-Length) and returns the status line's
 * code and the body, or fails when the server has not answered within 10 s.
 */
function rawRequest(head: string[], body: string[]): Promise<{ status: number; body: string }> {
  const { hostname, port, host } = new URL(world.server.baseUrl);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${[...head, `Host: ${host}`, "Connection: close"].join("\r\n")}\r\n\r\n`);
      for (const part of body) socket.write(part);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s; received: ${received.slice(0, 200)}`));
    }, 10_000);
    const finish = () => {
      clearTimeout(timer);
      const [status = "0"] = received.match(/^HTTP\/1\.1 (\d{3})/)?.slice(1) ?? [];
      resolve({ status: Number(status), body: received.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    };
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("close", finish);
    // The server may close while the rest of an oversized body is still being written.
    socket.on("error", () => undefined);
  });
}

const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;

describe("the body cap", () => {
  it("refuses a declared 100 MB body on next-auth's sign-in path at once, without waiting for it", async () => {
    const reply = await rawRequest(
      ["POST /api/auth/callback/credentials HTTP/1.1", "Content-Type: application/x-www-form-urlencoded", `Content-Length: ${100 * 1024 * 1024}`],
      ["email=a%40b.cc&password=".padEnd(4096, "x")],
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ success: false, message: "The request body is larger than 16384 bytes." });
  });

  it.each(["/api/auth/callback/credentials", "/", "/reviews"])("cuts a chunked body past 16 KB on %s with a 413", async (path) => {
    const reply = await rawRequest([`POST ${path} HTTP/1.1`, "Content-Type: application/x-www-form-urlencoded", "Transfer-Encoding: chunked"], Array(8).fill(chunk("x".repeat(4096))));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false });
  });

  it("lets a chunked body within the cap through whole", async () => {
    const json = JSON.stringify({ rating: 4, description: "Arrived in three chunks" });
    const reply = await rawRequest(
      ["POST /reviews HTTP/1.1", "Content-Type: application/json", "Transfer-Encoding: chunked", `Origin: ${world.server.baseUrl}`, `Cookie: ${world.alice.cookieHeader()}`],
      [chunk(json.slice(0, 10)), chunk(json.slice(10, 30)), chunk(json.slice(30)), "0\r\n\r\n"],
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toContain("Arrived in three chunks");
  });

  it("a body within the cap with a declared length still works", async () => {
    // 201 for Alice's first review, 200 when it rewrites her one review (the chunked test's).
    const reply = await world.alice.post("/reviews", { rating: 5, description: "Plain JSON" });
    expect([200, 201]).toContain(reply.status);
    expect(reply.body).toMatchObject({ success: true, result: { description: "Plain JSON" } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/ferretdb.mjs";
import { Client } from "../support/client";
import { startServer, type TestServer } from "../support/server";

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

  it("a call without a session is still a 401 (no database needed to say so)", async () => {
    const reply = await new Client(server.baseUrl).post("/reviews", { rating: 5 });
    expect(reply.status).toBe(401);
  });
});

import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFerretDB } from "../../scripts/services/ferretdb.mjs";
import { freePort } from "../../scripts/services/server-process.mjs";
import { startServer, type TestServer } from "../support/server";

// The database goes away and comes back on the same port and data: the shop answers 503 meanwhile
// and serves again without a restart.
type Db = Awaited<ReturnType<typeof startFerretDB>>;
const dataDir = path.join(".data", `vitest-recovery-${process.pid}`);
let db: Db;
let port: number;
let server: TestServer;

beforeAll(async () => {
  port = await freePort();
  db = await startFerretDB({ port, dataDir, fresh: true });
  server = await startServer({ MONGODB_URI: `mongodb://127.0.0.1:${port}/recovery` });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await db?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function status(pathname: string): Promise<number> {
  return (await fetch(`${server.baseUrl}${pathname}`)).status;
}

let reads = 0;
/** An API list read that reaches the database: every page is cached, so each read asks for a page not read before. */
const uncached = (pathname: string) => `${pathname}?skip=${++reads}`;

describe("database outage and return", () => {
  it("200, then 503 within a few seconds while it is down, then 200 again without restarting the server", async () => {
    expect(await status(uncached("/carparts"))).toBe(200);
    await db.stop();
    const started = Date.now();
    expect(await status(uncached("/carparts"))).toBe(503);
    expect(await status(uncached("/reviews"))).toBe(503);
    expect(Date.now() - started).toBeLessThan(15_000);

    db = await startFerretDB({ port, dataDir });
    const deadline = Date.now() + 20_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = await status(uncached("/carparts"));
      if (last === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(last).toBe(200);
    expect(await status(uncached("/reviews"))).toBe(200);
    expect(await status("/")).toBe(200);
  }, 60_000);
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedPagesLoad, ensureWrkInstalled } from "../../scripts/performance/load/pages.mjs";

// npm run load's cached-pages figures come from wrk through scripts/performance/load/cached-pages.lua: what it
// reports must be what the server saw, failures included.
describe("the load's cached-pages phase (wrk)", () => {
  const served = new Map<string, number>();
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    ensureWrkInstalled();
    server = http.createServer((req, res) => {
      served.set(req.url ?? "", (served.get(req.url ?? "") ?? 0) + 1);
      if (req.url === "/missing") res.writeHead(404).end("not here");
      else if (req.url === "/broken") res.writeHead(503).end("down");
      else res.writeHead(200, { "content-type": "text/html" }).end("<p>a part</p>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("cycles over every path and counts 4xx and 5xx replies apart from the rest", async () => {
    const paths = ["/", "/parts", "/missing", "/broken"];
    const result = await cachedPagesLoad(base, paths, { connections: 4, seconds: 1 });
    for (const path of paths) expect(served.get(path)).toBeGreaterThan(10);
    // Each path was fetched once before wrk started; wrk's requests are spread evenly over the four.
    const byWrk = (path: string) => (served.get(path) ?? 0) - 1;
    const total = paths.reduce((sum, path) => sum + byWrk(path), 0);
    expect(result.requests).toBeGreaterThan(0);
    expect(Math.abs(result.requests - total)).toBeLessThanOrEqual(4);
    expect(Math.abs(result.non2xx - (byWrk("/missing") + byWrk("/broken")))).toBeLessThanOrEqual(4);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
  });
});

import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/services/server-process.mjs";
import { TEST_AUTH_SECRET } from "../support/server";

// `npm start` in small: scripts/services/with-db.mjs starts the embedded database and `next start`.
// SIGTERM: requests in flight finish, the server closes its database connection and exits 0,
// and the embedded database is stopped too.
const repoRoot = path.resolve(import.meta.dirname, "..", "..");

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** GETs over kept-alive connections, so the in-flight requests travel on connections the server has accepted. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
function get(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error) => resolve(String(error)));
  });
}

describe("graceful shutdown", () => {
  it("on SIGTERM: in-flight requests complete, the database connection closes, exit 0, the embedded database stops", async () => {
    const [dbPort, port] = [await freePort(), await freePort()];
    const dataDir = path.join(".data", `vitest-shutdown-${process.pid}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: TEST_AUTH_SECRET,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    };
    delete env.MONGODB_URI;
    const child = spawn(process.execPath, ["scripts/services/with-db.mjs", "--fresh", "--port", String(dbPort), "--data", dataDir, "--", "next", "start", "-H", "127.0.0.1", "-p", String(port)], {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      const ready = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`${base}/carparts`).then((r) => r.status === 200, () => false);
        if (ok) break;
        if (Date.now() > ready) throw new Error(`not ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await portOpen(dbPort)).toBe(true);

      // Requests the server is reading or working on when SIGTERM comes.
      // Warm up and open 24 connections the server has accepted (a connection still in the kernel's
      // accept queue when the listener closes is refused, as with any server that stops listening).
      // Pages that reach the database on every request (searches): the cached public pages and
      // API reads (GET /carparts is always a cached page now) answer too fast to be in flight at SIGTERM.
      for (let i = 0; i < 2; i++) await Promise.all(Array.from({ length: 24 }, (_, j) => get(`${base}${j % 2 ? "/parts?q=e" : "/parts?q=a"}`)));
      let sigtermAt = Number.POSITIVE_INFINITY;
      const inFlight = Array.from({ length: 24 }, (_, i) => get(`${base}${i % 2 ? "/parts?q=e" : "/parts?q=a"}`).then((status) => ({ status, after: Date.now() > sigtermAt })));
      await new Promise((resolve) => setTimeout(resolve, 100));
      sigtermAt = Date.now();
      child.kill("SIGTERM");
      const replies = await Promise.all(inFlight);
      expect(replies.map((r) => r.status)).toEqual(Array(24).fill(200));
      // Some of them were still being served after SIGTERM, or this proved nothing.
      expect(replies.filter((r) => r.after).length).toBeGreaterThan(0);
      const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 30_000))]);
      expect(code, output).toBe(0);
      expect(output).toContain("database connection closed");
      expect(await portOpen(port)).toBe(false);
      expect(await portOpen(dbPort)).toBe(false);
    } finally {
      agent.destroy();
      child.kill("SIGKILL");
      // with-db keeps Redis's and Mailpit's data beside the database's.
      for (const dir of [dataDir, `${dataDir}-redis`, `${dataDir}-mailpit`]) rmSync(path.join(repoRoot, dir), { recursive: true, force: true });
    }
  }, 120_000);
});

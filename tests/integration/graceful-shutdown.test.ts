import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/ferretdb.mjs";
import { TEST_AUTH_SECRET } from "../support/server";

// `npm start` in small: scripts/with-db.mjs starts the embedded database and `next start`.
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

/** A GET on a connection of its own (no keep-alive pool that the closing server could race with). */
function get(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
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
    const child = spawn(process.execPath, ["scripts/with-db.mjs", "--fresh", "--port", String(dbPort), "--data", dataDir, "--", "next", "start", "-H", "127.0.0.1", "-p", String(port)], {
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

      const inFlight = Array.from({ length: 12 }, (_, i) => get(`${base}${i % 2 ? "/" : "/parts"}`));
      // Long enough for the server to accept every connection, short of rendering twelve pages.
      await new Promise((resolve) => setTimeout(resolve, 150));
      child.kill("SIGTERM");
      expect(await Promise.all(inFlight)).toEqual(Array(12).fill(200));
      const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 30_000))]);
      expect(code, output).toBe(0);
      expect(output).toContain("database connection closed");
      expect(await portOpen(port)).toBe(false);
      expect(await portOpen(dbPort)).toBe(false);
    } finally {
      child.kill("SIGKILL");
      rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});

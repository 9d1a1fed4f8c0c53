import { describe, expect, it } from "vitest";
import { acceptsConnections, freePort, startServerProcess } from "../../scripts/services/server-process.mjs";

// Every launcher (FerretDB, Redis, nginx, next start, the bench's servers) starts, waits for and
// stops its server through this one helper: here with a small node program standing in for a server.

/** A node program listening on `port` once `delayMs` have passed; `ignoreTerm`: it will not stop when asked. */
function fakeServer(port: number, { delayMs = 0, ignoreTerm = false, exitCode }: { delayMs?: number; ignoreTerm?: boolean; exitCode?: number } = {}): string[] {
  const program = exitCode !== undefined
    ? `process.exit(${exitCode})`
    : `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ""} setTimeout(() => require('node:net').createServer().listen(${port}, '127.0.0.1'), ${delayMs});`;
  return ["-e", program];
}

describe("starting a server and stopping it", () => {
  it("resolves once the server answers, and stop() ends it", async () => {
    const port = await freePort();
    const server = await startServerProcess({ name: "fake", command: process.execPath, args: fakeServer(port, { delayMs: 300 }), answers: () => acceptsConnections(port), pollMs: 50 });
    expect(await acceptsConnections(port)).toBe(true);
    await server.stop();
    expect(await server.exit).toEqual({ code: null, signal: "SIGTERM" });
    expect(await acceptsConnections(port)).toBe(false);
  });

  it("fails with the server's name and hint when it exits before it answers", async () => {
    const port = await freePort();
    const start = startServerProcess({ name: "fake", command: process.execPath, args: fakeServer(port, { exitCode: 3 }), answers: () => acceptsConnections(port), hint: () => " (a hint)" });
    await expect(start).rejects.toThrow("fake exited (exit code 3) before it answered (a hint)");
  });

  it("fails, and stops the server, when it stays silent past the timeout", async () => {
    const port = await freePort();
    const start = startServerProcess({ name: "fake", command: process.execPath, args: fakeServer(port, { delayMs: 60_000 }), answers: () => acceptsConnections(port), timeoutMs: 300 });
    await expect(start).rejects.toThrow("fake did not answer within 0.3 s");
  });

  it("fails when the program cannot be started at all", async () => {
    const start = startServerProcess({ name: "fake", command: "/nonexistent/server", answers: async () => false });
    await expect(start).rejects.toThrow("fake could not be started");
  });

  it("kills a server that does not stop within its grace, and says so", async () => {
    const port = await freePort();
    const said: string[] = [];
    const server = await startServerProcess({
      name: "stubborn", command: process.execPath, args: fakeServer(port, { ignoreTerm: true }), answers: () => acceptsConnections(port), graceMs: 300, log: (line) => said.push(line),
    });
    await server.stop();
    expect(await server.exit).toEqual({ code: null, signal: "SIGKILL" });
    expect(said).toEqual(["stubborn had not stopped 0.3 s after SIGTERM; killing it"]);
  });
});

// Starting a server the scripts need, waiting until it answers, and stopping it: the one way every
// launcher does it (FerretDB, Redis, nginx, `next start`, the bench's servers). PostgreSQL is the
// exception: its own pg_ctl starts it, waits for it and stops it (postgres.mjs).
import { spawn } from "node:child_process";
import net from "node:net";

/** A port nobody is listening on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Whether something accepts a connection on 127.0.0.1:`port`. */
export function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

const ended = (child) => child.exitCode !== null || child.signalCode !== null;
const howItEnded = (child) => (child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `signal` to the process, or with `group` to its whole process group (a child spawned
 * `detached` leads one): nginx's workers belong to their master's group and must go with it.
 */
function signalChild(child, signal, group) {
  try {
    if (group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

/** Children still running, with the signal that stops each gracefully and whether it leads a group. */
const running = new Map();

/**
 * Remembers a child until it exits, so that a script exiting without stopping it (an uncaught
 * error, a process.exit on the way) still asks it to stop: a detached child is in a process group
 * of its own and would otherwise outlive us. 'exit' handlers cannot wait, so the child gets its
 * graceful signal and finishes on its own.
 */
function trackChild(child, signal, group) {
  if (running.size === 0) process.once("exit", stopLeftovers);
  running.set(child, { signal, group });
  child.once("exit", () => {
    running.delete(child);
    if (running.size === 0) process.off("exit", stopLeftovers);
  });
}

function stopLeftovers() {
  for (const [child, { signal, group }] of running) if (!ended(child)) signalChild(child, signal, group);
}

/**
 * Asks the server to stop with its graceful signal and waits for the exit, SIGKILL after `graceMs`.
 * With `group`, what is left of its process group once it has exited is killed too (the workers of
 * an nginx master that was killed would otherwise keep its port).
 */
async function stopChild(child, exit, { name, signal, graceMs, group, log }) {
  if (!ended(child)) {
    const started = Date.now();
    let killed = false;
    child.kill(signal);
    const timer = setTimeout(() => {
      killed = true;
      log?.(`${name} had not stopped ${graceMs / 1000} s after ${signal}; killing it`);
      signalChild(child, "SIGKILL", group);
    }, graceMs);
    await exit;
    clearTimeout(timer);
    if (!killed && Date.now() - started > 2000) log?.(`${name} stopped ${((Date.now() - started) / 1000).toFixed(1)} s after ${signal}`);
  }
  if (group) signalChild(child, "SIGKILL", true);
}

/** Polls `answers()` until it is true while the server still runs; throws if it exits first or stays silent. */
async function untilAnswering(child, failedToSpawn, { name, answers, pollMs, timeoutMs, hint }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spawnError = failedToSpawn();
    if (spawnError) throw new Error(`${name} could not be started: ${spawnError.message}`);
    if (ended(child)) throw new Error(`${name} exited (${howItEnded(child)}) before it answered${hint()}`);
    if ((await answers()) && !ended(child)) return;
    if (Date.now() > deadline) throw new Error(`${name} did not answer within ${timeoutMs / 1000} s${hint()}`);
    await sleep(pollMs);
  }
}

/**
 * Starts `command args` and resolves once `answers()` says it serves, polled every `pollMs` for at
 * most `timeoutMs`. If it exits first or stays silent, it is stopped and the error names it, ending
 * with `hint()` (its output, the probe's last error). `onSpawn(child)` runs before the wait (to read
 * its output, or hand its pid to a guard). It stops on `stopSignal` (its graceful one), SIGKILL after
 * `graceMs`; `log` hears of a slow or forced stop. `detached`: in a process group of its own, so a
 * Ctrl-C at the terminal reaches only us (the caller must then stop it) and the group goes with it.
 * Whatever happens, a server still running when this process exits is sent its stop signal.
 */
export async function startServerProcess({
  name, command, args = [], spawnOptions = {}, detached = false, answers, pollMs = 100, timeoutMs = 30_000,
  stopSignal = "SIGTERM", graceMs = 10_000, hint = () => "", onSpawn, log,
}) {
  const child = spawn(command, args, { ...spawnOptions, detached });
  let spawnError = null;
  const exit = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => {
      spawnError = error;
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  });
  if (child.pid !== undefined) trackChild(child, stopSignal, detached);
  onSpawn?.(child);
  let stopping;
  const server = {
    child,
    pid: child.pid,
    exit,
    stop: () => (stopping ??= stopChild(child, exit, { name, signal: stopSignal, graceMs, group: detached, log })),
    kill(signal = "SIGKILL") {
      signalChild(child, signal, false);
      return exit;
    },
  };
  try {
    await untilAnswering(child, () => spawnError, { name, answers, pollMs, timeoutMs, hint });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

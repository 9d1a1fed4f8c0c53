// Stopping a server the scripts started: asked first (its own graceful signal), killed if it has
// not exited within the grace.

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

const ended = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Sends `signal` (SIGTERM unless the server stops gracefully on another) and waits for the exit,
 * SIGKILL after `graceMs`. `group`: the child leads a process group of its own (spawned
 * `detached`); what is left of the group once it has exited is killed too (the workers of an
 * nginx master that was killed would otherwise keep its port).
 */
export async function stopChild(child, exited, { signal = "SIGTERM", graceMs = 10_000, group = false } = {}) {
  if (!ended(child)) {
    child.kill(signal);
    const timer = setTimeout(() => signalChild(child, "SIGKILL", group), graceMs);
    await exited;
    clearTimeout(timer);
  }
  if (group) signalChild(child, "SIGKILL", true);
}

/** Children still running, with the signal that stops each gracefully and whether it leads a group (see trackChild). */
const running = new Map();

/**
 * Remembers a child until it exits, so that a script exiting without stopping it (an uncaught
 * error, a process.exit on the way) still asks it to stop: a detached child is in a process group
 * of its own and would otherwise outlive us. 'exit' handlers cannot wait, so the child gets its
 * graceful signal and finishes on its own.
 */
export function trackChild(child, { signal = "SIGTERM", group = false } = {}) {
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

// Stopping a server the scripts started: asked first (its own graceful signal), killed if it has
// not exited within the grace.

/** Sends `signal` (SIGTERM unless the server stops gracefully on another) and waits for the exit, SIGKILL after `graceMs`. */
export async function stopChild(child, exited, { signal = "SIGTERM", graceMs = 10_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

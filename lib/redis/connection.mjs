// The one Redis connection of a server process (REDIS_URL), shared by Next's cache handler
// (lib/cache/redis-cache-handler.mjs) and the shop's code (limits, tag invalidation). Plain
// JavaScript because Next loads the cache handler itself, outside the app's TypeScript bundle; the
// client lives on globalThis so the handler's copy of this module and the app's share it.
//
// Redis only ever speeds things up or shares what one process knows: a Redis that is down, slow or
// not configured is answered by `onRedis` with `{ ok: false }` within REDIS_TIMEOUT_MS, and every
// caller has a way on without it (a cache miss, the process's own limits).
import { createClient } from "redis";

/** How long a command may take before the caller goes on without Redis. */
// Wall time, so a server whose own event loop lags under a crowd waits longer for the same answer:
// measured, 250 ms timed out answers a busy process was only slow to read, and each such miss
// rendered a page afresh, which slowed it further.
export const REDIS_TIMEOUT_MS = Number(process.env.REDIS_TIMEOUT_MS) > 0 ? Number(process.env.REDIS_TIMEOUT_MS) : 1000;
const RECONNECT_MAX_MS = 2000;
/** How long Redis is left alone after commands it did not answer in time, one after another. */
const QUIET_AFTER_TIMEOUT_MS = 1000;
const TIMEOUTS_BEFORE_QUIET = 2;
const WARN_EVERY_MS = 60_000;

const SLOT = Symbol.for("autoparts.redis");

export function redisConfigured() {
  return Boolean(process.env.REDIS_URL?.trim());
}

/**
 * The namespace of this shop's keys: REDIS_NAMESPACE, else the database's name in MONGODB_URI. Two
 * shops on one Redis whose databases share a name (two embedded databases are both "autoparts")
 * must set REDIS_NAMESPACE apart, or use a Redis each (or a Redis database each: redis://host/1).
 */
export function redisNamespace(uri = process.env.MONGODB_URI ?? "") {
  const namespace = process.env.REDIS_NAMESPACE?.trim();
  if (namespace) return namespace;
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^/?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : "autoparts";
}

let lastWarning = 0;
function warn(message) {
  const now = Date.now();
  if (now - lastWarning < WARN_EVERY_MS) return;
  lastWarning = now;
  console.warn(`[redis] ${message}; going on without it`);
}

function connection() {
  const slot = globalThis;
  if (slot[SLOT]) return slot[SLOT];
  const client = createClient({
    url: process.env.REDIS_URL,
    // A command sent while disconnected fails at once instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, RECONNECT_MAX_MS) },
  });
  client.on("error", (error) => warn(`Redis error: ${error?.message ?? error}`));
  const state = { client, subscribers: [], quietUntil: 0, timeoutsInARow: 0, connecting: client.connect().catch((error) => warn(`cannot connect: ${error?.message ?? error}`)) };
  slot[SLOT] = state;
  return state;
}

/**
 * Runs `work` with the client. `{ ok: true, value }` when Redis answered within `timeoutMs`;
 * `{ ok: false }` when REDIS_URL is unset, Redis is down or slow, or the command failed.
 */
export async function onRedis(work, { timeoutMs = REDIS_TIMEOUT_MS } = {}) {
  if (!redisConfigured()) return { ok: false };
  const state = connection();
  const { client } = state;
  // After commands went unanswered with no answer between them, Redis is left alone for a moment:
  // a stalled Redis would otherwise cost every request REDIS_TIMEOUT_MS per command.
  if (!client.isReady || Date.now() < state.quietUntil) return { ok: false };
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, late: true }), timeoutMs);
  });
  try {
    const answer = await Promise.race([work(client).then((value) => ({ ok: true, value })), late]);
    if (!answer.late) {
      state.timeoutsInARow = 0;
      return answer;
    }
    warn(`no answer within ${timeoutMs} ms`);
    state.timeoutsInARow += 1;
    if (state.timeoutsInARow >= TIMEOUTS_BEFORE_QUIET) {
      state.timeoutsInARow = 0;
      state.quietUntil = Date.now() + QUIET_AFTER_TIMEOUT_MS;
    }
    return { ok: false };
  } catch (error) {
    warn(`command failed: ${error?.message ?? error}`);
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}

/** How long a server's start waits for Redis before it serves without it (and goes on reconnecting). */
const REDIS_CONNECT_WAIT_MS = 3000;

/** Connects now (at server start), so the first requests do not each find Redis not yet ready; true once ready. */
export async function connectRedis() {
  if (!redisConfigured()) return false;
  const { client, connecting } = connection();
  let timer;
  await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS)))]);
  clearTimeout(timer);
  return client.isReady;
}

/**
 * Listens on a channel, on a connection of its own (a subscribed connection sends nothing else):
 * `onMessage` for each message, `onLost` each time the connection drops (messages sent meanwhile are
 * missed; the client subscribes again once it is back). Returns whether it listens now; never
 * listens without REDIS_URL.
 */
export function listenRedis(channel, onMessage, onLost) {
  if (!redisConfigured()) return () => false;
  const state = connection();
  const subscriber = state.client.duplicate();
  let subscribed = false;
  subscriber.on("error", (error) => {
    warn(`Redis error: ${error?.message ?? error}`);
    onLost();
  });
  subscriber.on("reconnecting", onLost);
  subscriber.on("end", onLost);
  state.subscribers.push(subscriber);
  subscriber
    .connect()
    .then(() => subscriber.subscribe(channel, onMessage))
    .then(() => {
      subscribed = true;
    })
    .catch((error) => warn(`cannot listen: ${error?.message ?? error}`));
  return () => subscribed && subscriber.isReady;
}

/** Closes the connection (server shutdown, tests). */
export async function closeRedis() {
  const state = globalThis[SLOT];
  if (!state) return;
  delete globalThis[SLOT];
  // A client still trying to reconnect would wait for a Redis that went away, and a subscribed one
  // for its subscriptions to end: those are dropped instead.
  const drop = (client) => {
    if (client.isOpen) client.destroy();
  };
  state.subscribers.forEach(drop);
  if (state.client.isReady) await state.client.close().catch(() => undefined);
  else drop(state.client);
}

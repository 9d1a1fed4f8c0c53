import "server-only";
import { randomUUID } from "node:crypto";
import { connectDb } from "@/lib/storage/connect";
import { StockLock } from "@/lib/storage/models/StockLock";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { announceReleased, wakesHeard, watchReleases } from "@/lib/storage/lock-wakes";

// A lock held in the database, so it holds across server processes, on MongoDB and on FerretDB
// alike (whose conditional updates read and then write without atomicity).

const LOCK_TTL_MS = 15_000;
/**
 * How long a caller waits for a lock held elsewhere before it is turned away (503), LOCK_WAIT_MS
 * (read on each wait, so a test of a lock that stays busy can shorten it without a new process).
 */
const lockWaitMs = () => {
  const ms = Number(process.env.LOCK_WAIT_MS);
  // "Infinity" would leave a caller waiting as long as a live holder renews: not a wait, a hang.
  return Number.isFinite(ms) && ms > 0 ? ms : 10_000;
};
/**
 * How often a waiter reads the holder's lock to see whether it expired (its holder died): a lock
 * held by a live process is let go long before, so reading it on every try only loads the
 * database while processes contend for one lock.
 */
const EXPIRY_CHECK_MS = 1_000;

/**
 * Callers of one lock inside this process wait here first, so they don't spin on the database.
 * The line is bounded: past this many waiting, a caller is turned away at once (503) rather than
 * stalling every caller behind it.
 */
export const MAX_WAITING_PER_LOCK = 32;

/**
 * A waiter for a lock held elsewhere tries again after at most 1.5 × this, unless the holder's
 * release wakes it (lib/storage/lock-wakes.ts): then it tries again when woken, or at the next expiry check.
 */
const RETRY_MS = 50;

type LocalLine = { tail: Promise<unknown>; waiting: number };
const localLines = new Map<string, LocalLine>();

/** The lock could not be had in time, or its line is full: the caller should try again shortly (503). */
export class LockBusyError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where a waiter for a lock held elsewhere says so, renewing it with each expiry check: a process
 * keeping the lock in turns (lib/storage/turns-under-lock.ts) lets it go a moment only when someone waits.
 * Not a stock ledger's lock name, which start-up reads as its locks left behind.
 */
const waitingSign = (key: string) => `waiting:${key}`;
const SIGN_MS = 2 * EXPIRY_CHECK_MS;

/** Says that a caller elsewhere waits for the lock `key`. */
export async function signWaiting(key: string): Promise<void> {
  await StockLock.collection.updateOne({ _id: waitingSign(key) } as never, { $set: { token: "waiting", expiresAt: new Date(Date.now() + SIGN_MS) } }, { upsert: true });
}

const dropSign = (key: string) => StockLock.deleteOne({ _id: waitingSign(key) }).then(
  () => undefined,
  () => undefined,
);

/** Whether a caller elsewhere has said lately that it waits for the lock `key`. */
export async function othersWaiting(key: string): Promise<boolean> {
  const sign = await StockLock.findById(waitingSign(key)).lean();
  return Boolean(sign && sign.expiresAt.getTime() > Date.now());
}

/** What a caller of a busy lock answers instead of waiting for it, if anything (undefined: wait). */
type WhileBusy<T> = () => Promise<T | undefined>;

/** The lock's token once held, or what `whileBusy` answered instead of waiting. */
async function acquire<T>(key: string, busyMessage: string, whileBusy?: WhileBusy<T>): Promise<{ token: string } | { instead: T }> {
  const token = randomUUID();
  const deadline = Date.now() + lockWaitMs();
  let expiryCheckedAt = -Infinity;
  let signed = false;
  // Watching before the first try: a release heard after a failed try wakes the wait that follows it.
  const releases = watchReleases(key);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // `_id` is unique in every MongoDB-compatible database, so exactly one insert wins.
        await StockLock.collection.insertOne({ _id: key, token, expiresAt: new Date(Date.now() + LOCK_TTL_MS) } as never);
        // Another waiter still waiting signs again within EXPIRY_CHECK_MS.
        if (signed) await dropSign(key);
        return { token };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      if (attempt === 0 && whileBusy) {
        const instead = await whileBusy();
        if (instead !== undefined) return { instead };
      }
      // Held by another process (or left by one that crashed): take over only an expired lock, by its
      // token; else say that a caller waits.
      if (Date.now() - expiryCheckedAt >= EXPIRY_CHECK_MS) {
        expiryCheckedAt = Date.now();
        const held = await StockLock.findById(key).lean();
        if (held && held.expiresAt.getTime() < Date.now()) {
          // By its expiry as read too: a holder that renewed it meanwhile keeps it.
          await StockLock.deleteOne({ _id: key, token: held.token, expiresAt: held.expiresAt });
          continue;
        }
        await signWaiting(key);
        signed = true;
      }
      if (Date.now() > deadline) {
        if (signed) await dropSign(key);
        throw new LockBusyError(busyMessage);
      }
      if (wakesHeard()) await releases.wait(Math.min(EXPIRY_CHECK_MS, Math.max(0, deadline - Date.now()) + 1));
      else await sleep(Math.min(5 + attempt * 5, RETRY_MS) * (0.5 + Math.random()));
    }
  } finally {
    releases.stop();
  }
}

async function release(key: string, token: string): Promise<void> {
  await StockLock.deleteOne({ _id: key, token });
  announceReleased([key]);
}

type WriteError = { index: number; code?: number };
/** The per-document errors of an unordered bulk write, or null when the error is not of that kind. */
function writeErrorsOf(error: unknown): WriteError[] | null {
  const errors = (error as { writeErrors?: unknown } | null)?.writeErrors;
  if (Array.isArray(errors)) return errors as WriteError[];
  return errors && typeof errors === "object" ? [errors as WriteError] : null;
}

/** Locks taken together by `takeFreeLocks`: one token for all, so they are let go in one delete. */
export type HeldLocks = { token: string; keys: Set<string> };

/**
 * Takes those of these locks that are free now, in one insert, waiting for none: for work on many
 * things at once, which leaves a thing whose lock is held elsewhere to a path that waits (withLock).
 * Returns the locks taken, to be let go with `releaseLocks`.
 */
export async function takeFreeLocks(keys: string[]): Promise<HeldLocks> {
  await connectDb();
  const token = randomUUID();
  const expiresAt = new Date(Date.now() + LOCK_TTL_MS);
  const held = { token, keys: new Set(keys) };
  if (keys.length === 0) return held;
  try {
    await StockLock.collection.insertMany(keys.map((key) => ({ _id: key, token, expiresAt })) as never[], { ordered: false });
  } catch (error) {
    const failed = writeErrorsOf(error);
    if (!failed || failed.some((write) => write.code !== 11000)) {
      // Which locks were written is unknown: let go of any that were, by their token.
      await releaseLocks(held).catch(() => undefined);
      throw error;
    }
    for (const write of failed) held.keys.delete(keys[write.index]!);
  }
  return held;
}

/**
 * How long a lock must still have to count as held: a holder writes after asking (`heldLocks`), and
 * a waiter takes over only a lock past its expiry. A live holder renews each third of the lock's
 * life (`keepingLocks`), so its locks have more than this left.
 */
const HELD_MARGIN_MS = LOCK_TTL_MS / 3;

/**
 * Which of the locks taken together are still this holder's to write under: held by their token, and
 * not about to expire. A stalled holder's lock may have been taken over, or be expired and about to be.
 */
export async function heldLocks(held: HeldLocks): Promise<Set<string>> {
  const locks = await StockLock.find({ token: held.token }, { _id: 1, expiresAt: 1 }).limit(held.keys.size).lean<{ _id: string; expiresAt: Date }[]>();
  return new Set(locks.filter((lock) => lock.expiresAt.getTime() > Date.now() + HELD_MARGIN_MS).map((lock) => lock._id));
}

/**
 * Runs `work` holding locks taken by `takeFreeLocks`, renewing them by their token each third of
 * their life while it runs: a hold of many things (a catalogue import's batch of parts) may outlast
 * a lock's 15 s, and a lock that expired could be taken over mid-work. A holder that dies stops
 * renewing, so its locks still expire. A renewal that fails is not thrown into the work (the next may
 * succeed): a holder about to write reads `heldLocks` first, as a lock it lost is then another's.
 */
export async function keepingLocks<T>(held: HeldLocks, work: () => Promise<T>): Promise<T> {
  const renew = () => StockLock.updateMany({ token: held.token }, { $set: { expiresAt: new Date(Date.now() + LOCK_TTL_MS) } }).catch(() => undefined);
  const timer = setInterval(() => void renew(), LOCK_TTL_MS / 3);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Lets go of locks taken by `takeFreeLocks`, in one delete by their token: an equality the engine
 * filters on (indexed), where one delete per lock cost FerretDB and PostgreSQL 0.6 ms each. A lock
 * taken over by another holder has that holder's token and stays.
 */
export async function releaseLocks(held: HeldLocks): Promise<void> {
  if (held.keys.size === 0) return;
  await StockLock.deleteMany({ token: held.token });
  announceReleased([...held.keys]);
}

/**
 * Runs `work` while holding the lock `key`; LockBusyError(busyMessage) when it cannot be had. When
 * the lock is held elsewhere, `whileBusy` may answer instead of waiting for it (work does not run).
 */
export async function withLock<T>(key: string, busyMessage: string, work: () => Promise<T>, { whileBusy }: { whileBusy?: WhileBusy<T> } = {}): Promise<T> {
  await connectDb();
  const line = localLines.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
  if (line.waiting >= MAX_WAITING_PER_LOCK) throw new LockBusyError(busyMessage);
  line.waiting += 1;
  localLines.set(key, line);
  const run = line.tail.catch(() => undefined).then(async () => {
    const held = await acquire(key, busyMessage, whileBusy);
    if ("instead" in held) return held.instead;
    try {
      return await work();
    } finally {
      await release(key, held.token).catch(() => undefined);
    }
  });
  line.tail = run;
  try {
    return await run;
  } finally {
    line.waiting -= 1;
    if (line.waiting === 0) localLines.delete(key);
  }
}

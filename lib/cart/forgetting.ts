import "server-only";
import { CART_BUSY, cartLockOf } from "@/lib/cart/owners";
import { logUnexpected } from "@/lib/storage/database-down";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { withLock } from "@/lib/storage/lock";
import { Cart, CartSweep } from "@/models/Cart";

// Carts left alone for 30 days are forgotten without reading every cart. FerretDB v1 refuses TTL
// indexes and runs a range filter over every document, so each cart carries the day after which
// it is forgotten (moved on by every change), and a sweep deletes the carts of each day that has
// passed, one equality filter at a time, its progress kept for every process. One process sweeps
// at a time (the others skip); each process that has seen a cart change sweeps once an hour.

const DAY_MS = 24 * 60 * 60_000;
export const FORGET_AFTER_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60_000;
/** Days one sweep goes through at most, so catching up after a long stop is spread over several. */
const DAYS_PER_SWEEP = 60;
/** Carts read per query of one day. */
const BATCH = 100;
const MARK_ID = "carts";
const SWEEP_LOCK = "carts-forgetting";

export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** The last day a cart changed at `ms` is kept: it is forgotten the day after. */
export const forgetAfterDayOf = (ms: number): number => dayOf(ms) + FORGET_AFTER_DAYS;

let timer: NodeJS.Timeout | undefined;

/** Starts this process's hourly sweep (once), with a first sweep now. */
export function keepForgetting(): void {
  if (timer) return;
  const sweep = () => void sweepForgottenCarts().catch((error: unknown) => logUnexpected("[cart] forgetting old carts failed", error));
  timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  sweep();
}

/** Deletes one cart if it still belongs to `day` (a change meanwhile moved it on). */
async function forgetIfStill(cartId: string, day: number): Promise<void> {
  await withLock(cartLockOf(cartId), CART_BUSY, async () => {
    const cart = await Cart.findById(cartId, { forgetAfterDay: 1 }).lean();
    if (cart?.forgetAfterDay === day) await Cart.deleteOne({ _id: cartId });
  });
}

/** Forgets the carts of one passed day; how many. */
async function forgetDay(day: number): Promise<number> {
  let forgotten = 0;
  for (;;) {
    const found = await Cart.find({ forgetAfterDay: day }, { _id: 1 }).limit(BATCH).lean();
    for (const { _id } of found) await forgetIfStill(_id, day);
    forgotten += found.length;
    if (found.length < BATCH) return forgotten;
  }
}

/**
 * Forgets the carts whose last day has passed by `now`, from the day the last sweep reached; how
 * many. While another process sweeps, this one does nothing (0).
 */
export async function sweepForgottenCarts(now = Date.now()): Promise<number> {
  return withLock(
    SWEEP_LOCK,
    "Old carts are being forgotten just now.",
    async () => {
      const today = dayOf(now);
      const mark = await CartSweep.findById(MARK_ID).lean();
      const from = mark ? mark.day + 1 : today - DAYS_PER_SWEEP;
      const to = Math.min(today - 1, from + DAYS_PER_SWEEP - 1);
      let forgotten = 0;
      for (let day = from; day <= to; day++) forgotten += await forgetDay(day);
      if (to >= from) {
        await CartSweep.updateOne({ _id: MARK_ID }, { $set: { day: to } }, { upsert: true }).catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
        });
      }
      return forgotten;
    },
    { whileBusy: async () => 0 },
  );
}

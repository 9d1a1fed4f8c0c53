import "server-only";
import type { Types } from "mongoose";
import { type JournalEntry, keepStock } from "@/lib/storage/stock-ledger";
import { Order } from "@/models/Order";
import { Part, type PartDoc, type PartFields } from "@/models/Part";

// The parts' stock, kept as a stock ledger (lib/storage/stock-ledger.ts): every change to a part's
// stock goes through its lock, so no number of concurrent orders can oversell; an order's units are
// journalled on its part (`stockTakenFor`) until the order is stored, so a crash loses none.

export const PART_BUSY = "This part is busy with other orders; please try again in a moment.";

/** A part as its lock holder reads it: with the journal settled (so always empty). */
export type LockedPart = Omit<PartDoc, "stockTakenFor"> & { stockTakenFor?: JournalEntry[] };

const partStock = keepStock<LockedPart, PartFields>({
  items: Part,
  count: "quantity",
  journal: "stockTakenFor",
  returnedFor: "restockedFor",
  takings: Order,
  name: "part",
  busyMessage: PART_BUSY,
  // What an order checks or copies from its part.
  checked: ["partsname", "price", "minOrder", "maxPerOrder"],
});

/**
 * Runs `work` while holding the stock lock of one part, with the part as read under the lock (null
 * when it is not in the catalogue) and the number of journal entries a crashed holder left, now
 * settled. While the lock is held elsewhere, `whileBusy` may answer instead of waiting. Work that
 * places orders passes `storedJournal: "replace"`: its stock write replaces a journal of stored orders.
 */
export const withLockedPart = partStock.withLocked;

/** Runs `work` while holding the stock lock of one part. */
export function withPartLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return partStock.withLocked(partId, () => work());
}

/**
 * Runs `work`, which places orders, holding the stock locks of those of these parts whose locks are
 * free now, taken in one write; the parts whose lock is held elsewhere are handed to `work` as busy,
 * not waited for. A part this process wrote last is not read again when `trust` says its copy serves.
 */
export const withFreeLockedParts = partStock.withFreeLocked;

/**
 * Runs `work`, which places orders, holding the stock locks of all these parts at once (each part
 * once, taken in sorted order when some must be waited for), the parts as read under their locks
 * (null when not in the catalogue). LockBusyError (503) when they cannot all be had in time.
 */
export const withAllPartsLocked = <T>(partIds: string[], work: (parts: Map<string, LockedPart | null>) => Promise<T>): Promise<T> => partStock.withAllLocked(partIds, work);

/** A part as a holder of its lock reads it to place orders (null when not in the catalogue). */
export const readPartForOrdersLocked = partStock.readForTakingLocked;

/** The part's stock or checked fields were written by a holder of its lock outside withLockedPart (an import's batch): orders read it afresh. */
export const forgetRememberedPart = partStock.changedLocked;

/** Whether this part is the copy this process remembers from its own last stock write (not read under the lock). */
export const isRememberedPart = partStock.isRemembered;

/** One part's orders in a stock write: the part as its lock holder has it, and its orders' ids and units. */
export type PartTake = { item: LockedPart; entries: JournalEntry[] };

/** The stock write of these orders of one part. */
export const partTake = (part: LockedPart, orders: { _id: Types.ObjectId; quantity: number }[]): PartTake => ({
  item: part,
  entries: orders.map((order) => ({ order: order._id, units: order.quantity })),
});

/**
 * Takes the stock of these parts' orders together, one write per part, all sent at once; call
 * holding every part's lock. Returns when it wrote and the takes not written.
 */
export const takeStockForOrdersLocked = partStock.takeTogetherLocked;

/** Puts a cancelled or deleted order's units back once for its change `token`; call inside the part's lock. */
export const returnStockOnceLocked = partStock.returnOnceLocked;

/** Records that these takes' orders are stored; call holding their parts' locks. */
export const ordersStored = partStock.takingsStored;

/** Settles a stock write whose orders may not be stored: units of those never stored go back to stock. Call inside the part's lock. */
export const settleTakeLocked = (take: PartTake): Promise<number> => partStock.settleLocked(take.item._id, take.entries);

/** At start-up: settles the journal of every part whose lock a dead server left behind; how many entries. */
export const settleAllInterruptedOrders = partStock.settleLeftBehind;

import "server-only";
import type { Types } from "mongoose";
import type { JournalEntry, LockedPart } from "@/lib/storage/part-lock";

// What this server process remembers of its own order writes, so its next round of orders on the
// same parts costs fewer database commands (lib/storage/part-lock.ts). Both are bounded: forgetting an
// entry costs only a read.

/** A set that keeps its newest `limit` members. */
function newestOf<T>(limit: number) {
  const members = new Map<string, T>();
  return {
    get: (key: string) => members.get(key),
    delete: (key: string) => members.delete(key),
    set(key: string, value: T) {
      members.delete(key);
      members.set(key, value);
      for (const oldest of members.keys()) {
        if (members.size <= limit) break;
        members.delete(oldest);
      }
    },
  };
}

/** Orders this process stored whose part's journal may still name them: those need no look-up. */
const storedOrders = newestOf<true>(20_000);

export const rememberStored = (entries: JournalEntry[]): void => entries.forEach((entry) => storedOrders.set(String(entry.order), true));
export const knownStored = (entry: JournalEntry): boolean => storedOrders.get(String(entry.order)) === true;

/**
 * Parts as this process last wrote them with orders, under their locks. A round whose orders all fit
 * such a part takes its stock without reading it, on the condition that the part is still as written
 * (asWritten): a write by another server or by an admin changes it, the condition fails, and the
 * round reads the part afresh.
 */
const writtenParts = newestOf<LockedPart>(5_000);
const remembered = new WeakSet<LockedPart>();
/** Parts another server wrote since this process did, until when they are not remembered. */
const contestedUntil = newestOf<number>(5_000);
/** How long a part written by another server is read for each round rather than remembered. */
const CONTESTED_MS = 30_000;

/** The part as this process's last stock write left it, if it remembers it. */
export const rememberedPart = (partId: string): LockedPart | undefined => writtenParts.get(partId.toLowerCase());
export const isRemembered = (part: LockedPart): boolean => remembered.has(part);
export const forgetPart = (partId: Types.ObjectId | string): void => void writtenParts.delete(String(partId).toLowerCase());

/** Another server wrote this part since this process did: it is read for each round for a while. */
export function contested(partId: Types.ObjectId | string): void {
  forgetPart(partId);
  contestedUntil.set(String(partId).toLowerCase(), Date.now() + CONTESTED_MS);
}

/** Remembers a part after this process took `units` of its stock at `at`, its orders stored. */
export function rememberWritten(part: LockedPart, units: number, at: Date): void {
  if ((contestedUntil.get(String(part._id)) ?? 0) > Date.now()) return;
  const written: LockedPart = { ...part, quantity: part.quantity - units, updatedAt: at, stockTakenFor: [] };
  remembered.add(written);
  writtenParts.set(String(part._id), written);
}

/**
 * A filter matching the part only while it is as this process wrote it: its stock and update time,
 * and every field an order checks or copies (an operator's edit in a shell leaves the time as it was).
 */
export function asWritten(part: LockedPart): Record<string, unknown> {
  // null matches a field that is missing or null, on MongoDB and FerretDB alike.
  const maybe = (value: unknown) => value ?? null;
  return {
    _id: part._id,
    quantity: part.quantity,
    updatedAt: part.updatedAt,
    partsname: part.partsname,
    price: part.price,
    minOrder: part.minOrder,
    maxPerOrder: maybe(part.maxPerOrder),
  };
}

import "server-only";
import { InvalidInputError, NotFoundError, ConflictError } from "@/lib/errors";
import { type ShortLine, ShortLinesError } from "@/lib/orders/placement-errors";
import type { LockedPart } from "@/lib/stock/part-stock";
import { orderTotal, quantityRangeMessage, toCents } from "@/lib/validation/orders";
import { largestOrder, maxPerOrderOf } from "@/lib/validation/parts";
import type { OrderLineFields } from "@/models/Order";

// The lines of an order of several parts, checked against the parts as read under their locks.

export type WantedLine = { partId: string; quantity: number };

/** The same part on two lines becomes one line of both quantities, where it first appeared; ids in lower case, as the locks have them. */
export function mergedLines(lines: WantedLine[]): WantedLine[] {
  const byPart = new Map<string, WantedLine>();
  for (const line of lines) {
    const partId = line.partId.toLowerCase();
    const merged = byPart.get(partId);
    if (merged) merged.quantity += line.quantity;
    else byPart.set(partId, { partId, quantity: line.quantity });
  }
  return [...byPart.values()];
}

/**
 * The lines as ordered now: each part's name and price as read under its lock. Throws if any line
 * cannot be filled, so nothing is taken: a part no longer in the catalogue (404), a quantity outside
 * the part's minimum and maximum per order (400), a part without a price (409), and the stock of
 * every line checked before refusing with one error naming each short one (ShortLinesError, 409).
 */
export function linesAsOrdered(lines: WantedLine[], parts: Map<string, LockedPart | null>): OrderLineFields[] {
  const ordered: OrderLineFields[] = [];
  const short: ShortLine[] = [];
  for (const { partId, quantity } of lines) {
    const part = parts.get(partId);
    if (!part) throw new NotFoundError("A part of this order is no longer in the catalogue.");
    if (quantity < part.minOrder || quantity > maxPerOrderOf(part)) {
      throw new InvalidInputError(`${part.partsname}: ${quantityRangeMessage(part.minOrder, largestOrder(part))}`);
    }
    // A price stored before prices were whole cents (0.004) would make a $0 line.
    if (toCents(part.price) < 1) throw new ConflictError(`${part.partsname} has no price yet and cannot be ordered.`);
    if (quantity > part.quantity) short.push({ partId: String(part._id), partsname: part.partsname, wanted: quantity, available: part.quantity });
    ordered.push({ partId: part._id, partsname: part.partsname, unitPrice: part.price, quantity, total: orderTotal(part.price, quantity) });
  }
  if (short.length > 0) throw new ShortLinesError(short);
  return ordered;
}

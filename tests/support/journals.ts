import type { Types } from "mongoose";
import { trusted } from "@/lib/storage/connect";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";

type Journalled = { stockTakenFor?: { order: Types.ObjectId }[] };

/**
 * Journal entries (lib/storage/stock-ledger.ts) of these parts, or of every part, that name an order not
 * stored: stock taken for an order that does not exist. Settling leaves none; entries of stored
 * orders may stay on a part until its next order replaces them.
 */
export async function unsettledJournalEntries(partIds?: Types.ObjectId[]): Promise<number> {
  const parts = await Part.find(partIds ? { _id: trusted({ $in: partIds }) } : {}, { stockTakenFor: 1 }).lean<Journalled[]>();
  const entries = parts.flatMap((part) => part.stockTakenFor ?? []);
  const stored = await Promise.all(entries.map((entry) => Order.exists({ _id: entry.order })));
  return stored.filter((found) => !found).length;
}

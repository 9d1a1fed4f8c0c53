import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { withPartLock } from "@/lib/stock/part-stock";
import { MAX_STOCK } from "@/lib/validation/parts";
import { Part, type PartDoc } from "@/models/Part";

/** A part as its stock adjustment left it. */
export type AdjustedPart = PartDoc & { createdAt?: Date; updatedAt: Date };

/** Moves the part's stock to what `next` makes of it, under the part's lock; never below 0 nor above MAX_STOCK. */
async function moveStock(id: string, next: (quantity: number) => number): Promise<AdjustedPart & { moved: boolean }> {
  await connectDb();
  return withPartLock(id, async () => {
    const part = await Part.findById(id).lean<PartDoc & { createdAt?: Date; updatedAt?: Date }>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const quantity = next(part.quantity);
    if (quantity < 0) throw new ConflictError(`Stock cannot go below 0: only ${part.quantity} in stock, so at most ${part.quantity} can be taken away.`);
    if (quantity > MAX_STOCK) throw new ConflictError(`Stock cannot go above ${MAX_STOCK}: ${part.quantity} in stock.`);
    if (quantity === part.quantity) return { ...part, moved: false, updatedAt: part.updatedAt ?? new Date() };
    await Part.updateOne({ _id: part._id }, { $set: { quantity } });
    await stockChanged([id], { now: true });
    return { ...part, quantity, moved: true, updatedAt: new Date() };
  });
}

/**
 * Adds (delta > 0) or takes away (delta < 0) stock under the part's lock; never below 0 nor above
 * MAX_STOCK. Returns the part as it is now, for the caller to show.
 */
export const adjustStock = (id: string, delta: number): Promise<AdjustedPart> => moveStock(id, (quantity) => quantity + delta);

/** Sets the stock to a count (a supplier's file says how many there are), read and written under the part's lock; whether it moved. */
export const setStock = async (id: string, quantity: number): Promise<boolean> => (await moveStock(id, () => quantity)).moved;

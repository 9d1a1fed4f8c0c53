import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { withPartLock } from "@/lib/stock/part-stock";
import { MAX_STOCK } from "@/lib/validation/parts";
import { Part, type PartDoc } from "@/models/Part";

/** A part as its stock adjustment left it. */
export type AdjustedPart = PartDoc & { createdAt?: Date; updatedAt: Date };

/**
 * Adds (delta > 0) or takes away (delta < 0) stock under the part's lock; never below 0 nor above
 * MAX_STOCK. Returns the part as it is now, for the caller to show.
 */
export async function adjustStock(id: string, delta: number): Promise<AdjustedPart> {
  await connectDb();
  return withPartLock(id, async () => {
    const part = await Part.findById(id).lean<PartDoc & { createdAt?: Date }>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const next = part.quantity + delta;
    if (next < 0) throw new ConflictError(`Stock cannot go below 0: only ${part.quantity} in stock, so at most ${part.quantity} can be taken away.`);
    if (next > MAX_STOCK) throw new ConflictError(`Stock cannot go above ${MAX_STOCK}: ${part.quantity} in stock.`);
    await Part.updateOne({ _id: part._id }, { $set: { quantity: next } });
    await stockChanged([id], { now: true });
    return { ...part, quantity: next, updatedAt: new Date() };
  });
}

import "server-only";
import type { Types } from "mongoose";
import { trusted } from "@/lib/storage/connect";
import { Part } from "@/models/Part";

export type TakeStockResult = "taken" | "short" | "missing";

/** Takes `units` out of a part's stock, or says why it cannot. Call inside withPartLock. */
export async function takeStockLocked(partId: Types.ObjectId | string, units: number): Promise<TakeStockResult> {
  const result = await Part.updateOne(
    // Conditional as well as locked: on a real MongoDB the condition alone is atomic.
    { _id: partId, quantity: trusted({ $gte: units }) },
    { $inc: { quantity: -units } },
  );
  if (result.modifiedCount === 1) return "taken";
  return (await Part.exists({ _id: partId })) ? "short" : "missing";
}

/** Puts units back into a part's stock. Call inside withPartLock. */
export async function returnStockLocked(partId: Types.ObjectId | string, units: number): Promise<void> {
  await Part.updateOne({ _id: partId }, { $inc: { quantity: units } });
}

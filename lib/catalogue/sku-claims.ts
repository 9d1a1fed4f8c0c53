import "server-only";
import type { Types } from "mongoose";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { ConflictError } from "@/lib/errors";
import { withPartLock } from "@/lib/stock/part-stock";
import { PART_MESSAGES } from "@/lib/validation/parts";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// No two parts share a SKU, on any engine: a part's SKU is claimed by inserting its compact form as
// an _id (models/SkuClaim.ts) before the part carries it, and let go after it no longer does. A
// crash between the two leaves a claim its part does not bear; the next part to want that SKU takes
// it over, and `npm run reindex` rebuilds every claim from the parts.

/**
 * Whether the part still bears this SKU; read under its lock, so an edit giving it the SKU has
 * finished. A part whose lock the caller holds (`lockedHere`) is read at once: waiting for it would
 * wait for the caller itself, until the lock's wait ran out.
 */
async function stillBears(partId: Types.ObjectId, key: string, lockedHere: ReadonlySet<string>): Promise<{ partsname: string } | null> {
  const read = async () => {
    const holder = await Part.findById(partId, { partsname: 1, sku: 1 }).lean<{ partsname: string; sku?: string }>();
    return holder && compactNumber(holder.sku ?? "") === key ? holder : null;
  };
  return lockedHere.has(String(partId).toLowerCase()) ? read() : withPartLock(partId, read);
}

/**
 * Claims `sku` for the part; a ConflictError (409) naming the part that bears it already.
 * `lockedHere`: the parts (lower-case ids) whose locks the caller holds besides this one's.
 */
export async function claimSku(sku: string, partId: Types.ObjectId, lockedHere: ReadonlySet<string> = new Set()): Promise<void> {
  const key = compactNumber(sku);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await SkuClaim.collection.insertOne({ _id: key, part: partId } as never);
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const claim = await SkuClaim.findById(key).lean();
    if (!claim) continue;
    if (claim.part.equals(partId)) return;
    const holder = await stillBears(claim.part, key, lockedHere);
    if (holder) throw new ConflictError(`sku: ${PART_MESSAGES.skuTaken} (${holder.partsname}).`);
    // Left over: taken over only if it is still the same claim, so of two takers one wins.
    const { modifiedCount } = await SkuClaim.updateOne({ _id: key, part: claim.part }, { $set: { part: partId } });
    if (modifiedCount === 1) return;
  }
  throw new ConflictError(`sku: ${PART_MESSAGES.skuTaken}.`);
}

/** Lets go of the part's claim on `sku`; a claim another part holds by now is left alone. */
export async function releaseSku(sku: string, partId: Types.ObjectId): Promise<void> {
  await SkuClaim.deleteOne({ _id: compactNumber(sku), part: partId });
}

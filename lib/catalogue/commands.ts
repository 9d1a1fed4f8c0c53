import "server-only";
import { Types } from "mongoose";
import { partsChanged } from "@/lib/cache/tags";
import { followPart, notePartWrite, withPartListsLock } from "@/lib/catalogue/part-writes";
import { type IdentityField, identityChanges, identityOf } from "@/lib/catalogue/part-identity";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { claimSku, releaseSku } from "@/lib/catalogue/sku-claims";
import { type PartView, toPartView } from "@/lib/catalogue/views";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { OPEN_STATUSES } from "@/lib/orders/statuses";
import { type ListedPart, LISTED_FIELDS } from "@/lib/parts/listed-part";
import { type NewPart, PART_MESSAGES, type PartUpdate, minOrderFits } from "@/lib/validation/parts";
import { Order } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";

// Each command keeps what follows from a part (followPart, lib/catalogue/part-writes.ts: its lists,
// search terms, brands and vehicles' lists) before it returns, so the part shows in every list and
// search from the next request on. Each notes its write before the part's document: one cut short
// between the document and its lists is completed by the part's next writer or at start-up.

/** The fields of a part its lists are made of. */
export const listedOf = (part: PartDoc): ListedPart => Object.fromEntries(["_id", ...Object.keys(LISTED_FIELDS)].flatMap((field) => (field in part ? [[field, part[field as keyof PartDoc]]] : []))) as ListedPart;

/** A new part's document, as Add Product stores it. */
export const newPartFields = (id: Types.ObjectId, input: NewPart) => ({
  _id: id,
  partsname: input.partsname,
  image: input.image,
  price: input.price,
  quantity: input.quantity,
  minOrder: input.minOrder,
  maxPerOrder: input.maxPerOrder,
  description: input.description,
  ...identityOf(input),
});

/** Adds a part to the catalogue (admin's add-product form). */
export async function addPart(input: NewPart, { id = new Types.ObjectId() }: { id?: Types.ObjectId } = {}): Promise<PartView> {
  await connectDb();
  // Its id is chosen first (an import chooses its own), so its write is noted before the part exists and the part is in every list even if the adding is cut short.
  const added = await withPartListsLock(id, async () => {
    const done = await notePartWrite(id, { part: { before: null } });
    const part = await Part.create(newPartFields(id, input));
    if (part.sku) {
      // Claimed once the part bears it, so a rival adding the same SKU at once sees a part that bears it.
      try {
        await claimSku(part.sku, part._id);
      } catch (error) {
        await Part.deleteOne({ _id: part._id });
        await done();
        throw error;
      }
    }
    const stored = part.toObject();
    await followPart(null, stored);
    await done();
    return stored;
  });
  await partsChanged(String(id));
  return toPartView(added);
}

/**
 * Edits a part's fields (not its stock). Under the part's lock, so the minimum-order check
 * reads the stock as it is, and no order is priced from a half-edited part.
 */
export async function updatePart(id: string, changes: PartUpdate): Promise<PartView> {
  await connectDb();
  return withPartListsLock(id, async () => {
    const part = await Part.findById(id).lean<PartDoc>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const { set, unset, skuChanged } = editOf(part, changes);
    const newSku = set.sku;
    if (newSku && skuChanged) await claimSku(newSku, part._id);
    const done = await notePartWrite(part._id, { part: { before: listedOf(part) } });
    await Part.updateOne({ _id: part._id }, { $set: set, ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((field) => [field, 1])) } : {}) });
    if (part.sku && skuChanged) await releaseSku(part.sku, part._id);
    const updated = await Part.findById(id).lean<PartDoc>();
    if (!updated) throw new NotFoundError("There is no part with this id.");
    await followPart(part, updated);
    await partsChanged(id);
    await done();
    return toPartView(updated);
  });
}

export type PartEdit = Partial<Pick<PartDoc, "partsname" | "image" | "price" | "minOrder" | "maxPerOrder" | "description" | "quantity">> & ReturnType<typeof identityChanges>["set"];

/**
 * What an edit writes to the part: the fields it sets and unsets, checked against the part as read
 * under its lock (its minimum order against the stock, `quantity` when the same write sets it too;
 * its maximum per order against its minimum). InvalidInputError when they do not fit.
 */
export function editOf(part: Pick<PartDoc, "minOrder" | "maxPerOrder" | "sku" | "quantity">, changes: PartUpdate, quantity = part.quantity): { set: PartEdit; unset: IdentityField[]; skuChanged: boolean } {
  const set: PartEdit = {};
  if (changes.partsname !== undefined) set.partsname = changes.partsname;
  if (changes.image !== undefined) set.image = changes.image;
  if (changes.price !== undefined) set.price = changes.price;
  if (changes.minOrder !== undefined) set.minOrder = changes.minOrder;
  if (changes.maxPerOrder !== undefined) set.maxPerOrder = changes.maxPerOrder;
  if (changes.description !== undefined) set.description = changes.description;
  const minOrder = set.minOrder ?? part.minOrder;
  if (set.minOrder !== undefined && !minOrderFits(minOrder, quantity)) {
    throw new InvalidInputError(`minOrder: ${PART_MESSAGES.minOrderAboveStock} (${quantity} in stock).`);
  }
  const maxPerOrder = set.maxPerOrder ?? part.maxPerOrder;
  if (maxPerOrder != null && maxPerOrder < minOrder) throw new InvalidInputError(`maxPerOrder: ${PART_MESSAGES.maxPerOrderBelowMin} (${minOrder}).`);
  const identity = identityChanges(changes);
  const skuChanged = compactNumber(identity.set.sku ?? (identity.unset.includes("sku") ? "" : (part.sku ?? ""))) !== compactNumber(part.sku ?? "");
  return { set: { ...set, ...identity.set }, unset: identity.unset, skuChanged };
}

/**
 * Deletes a part, unless it has open orders (placed or shipped): those still need it, and the
 * message says so. Under the part's lock, so no order can be placed between the check and the delete.
 */
export async function deletePart(id: string): Promise<{ deletedCount: number }> {
  await connectDb();
  return withPartListsLock(id, async () => {
    const part = await Part.findById(id, LISTED_FIELDS).lean<ListedPart>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    // One equality count per open status: the engine answers those from the index, an $in it would scan.
    const counts = await Promise.all(OPEN_STATUSES.map((status) => Order.countDocuments({ partId: part._id, status })));
    const open = counts.reduce((sum, count) => sum + count, 0);
    if (open > 0) {
      throw new ConflictError(
        `This part has ${open} open order${open === 1 ? "" : "s"} (placed or shipped) and cannot be deleted. Deliver or cancel ${open === 1 ? "it" : "them"} first.`,
      );
    }
    const done = await notePartWrite(part._id, { part: { before: part } });
    const { deletedCount } = await Part.deleteOne({ _id: part._id });
    if (part.sku) await releaseSku(part.sku, part._id);
    await followPart(part, null);
    await partsChanged(id);
    await done();
    return { deletedCount };
  });
}

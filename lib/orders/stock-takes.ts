import "server-only";
import { Types } from "mongoose";
import type { Outcome } from "@/lib/storage/batches";
import { LockBusyError } from "@/lib/storage/lock";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { type LockedPart, PART_BUSY, type PartTake, isRememberedPart, partTake, readPartForOrdersLocked, takeStockForOrdersLocked } from "@/lib/stock/part-stock";
import { orderTotal, quantityRangeMessage, toCents } from "@/lib/validation/orders";
import { largestOrder, maxPerOrderOf } from "@/lib/validation/parts";
import { placedMails } from "@/lib/orders/order-mails";
import type { NewOrder } from "@/lib/orders/placed-records";

// What a round of orders takes from stock (lib/orders/order-rounds.ts): which orders each part can fill,
// their order documents, and the stock writes, with the parts whose remembered copy was out of date
// going again on the part as read now.

export type PlaceOrder = { partId: string; quantity: number; name: string; email: string; phone: string; address: string };

/**
 * Throws the reason `quantity` of this part cannot be ordered from the `left` units, if any: not in
 * the catalogue (404), outside minOrder..maxPerOrder (400), more than the stock (409), or no price
 * to charge (409).
 */
function refuseUnfillable(part: LockedPart | null, quantity: number, left: number): asserts part is LockedPart {
  if (!part) throw new NotFoundError("This part is not in the catalogue.");
  const range = quantityRangeMessage(part.minOrder, largestOrder(part));
  if (quantity < part.minOrder || quantity > maxPerOrderOf(part)) throw new InvalidInputError(range);
  if (quantity > left) throw new ConflictError(left === 0 ? "This part is out of stock." : `Only ${left} in stock. ${range}`);
  // A price stored before prices were whole cents (0.004) would make a $0 order.
  if (toCents(part.price) < 1) throw new ConflictError("This part has no price yet and cannot be ordered.");
}

/**
 * Sorts a batch's orders into those the part can fill, each checked against the stock the orders
 * before it left (so the batch never oversells), and the refused ones, whose outcome is set.
 */
export function fillable(part: LockedPart | null, requests: PlaceOrder[], outcomes: Outcome<unknown>[]): number[] {
  const accepted: number[] = [];
  let left = part?.quantity ?? 0;
  for (const [i, request] of requests.entries()) {
    if (outcomes[i]) continue;
    try {
      refuseUnfillable(part, request.quantity, left);
      left -= request.quantity;
      accepted.push(i);
    } catch (error) {
      outcomes[i] = { error };
    }
  }
  return accepted;
}

type OrderDocs = { docs: NewOrder[]; take: PartTake };

/**
 * The order documents of the accepted requests of one part, and its stock write. A one-part order
 * is an order of one line, delivered standard and free, paid in cash on delivery; its number is
 * given once its stock is taken.
 */
function orderDocs(part: LockedPart, requests: PlaceOrder[], accepted: number[]): OrderDocs {
  const docs = accepted.map((i): NewOrder => {
    const request = requests[i]!;
    const total = orderTotal(part.price, request.quantity);
    return {
      _id: new Types.ObjectId(),
      lines: [{ partId: part._id, partsname: part.partsname, unitPrice: part.price, quantity: request.quantity, total }],
      partId: part._id,
      partsname: part.partsname,
      unitPrice: part.price,
      quantity: request.quantity,
      subtotal: total,
      deliveryMethod: "standard",
      deliveryPrice: 0,
      total,
      paymentMethod: "cash-on-delivery",
      paymentStatus: "unpaid",
      name: request.name,
      email: request.email,
      phone: request.phone,
      address: request.address,
      status: "placed",
      mailsDue: placedMails(),
    };
  });
  return { docs, take: partTake(part, docs) };
}

export type Taking = { indexes: number[]; docs: OrderDocs["docs"]; take: PartTake };
/** A take whose stock write was made, and when. */
export type Taken = Taking & { at: Date };

/** The orders of these parts that fit them (the others' outcomes set) and each part's stock write. */
export function takesOf(parts: Map<string, LockedPart | null>, requests: PlaceOrder[], outcomes: Outcome<unknown>[]): Taking[] {
  const taking: Taking[] = [];
  const indexesOf = new Map<string, number[]>();
  requests.forEach((request, i) => {
    if (!parts.has(request.partId)) return;
    const indexes = indexesOf.get(request.partId);
    if (indexes) indexes.push(i);
    else indexesOf.set(request.partId, [i]);
  });
  for (const [partId, indexes] of indexesOf) {
    const part = parts.get(partId) ?? null;
    const own = indexes.map((i) => requests[i]!);
    const ownOutcomes: Outcome<unknown>[] = [];
    indexes.forEach((i, n) => outcomes[i] && (ownOutcomes[n] = outcomes[i]));
    const accepted = fillable(part, own, ownOutcomes);
    ownOutcomes.forEach((outcome, n) => (outcomes[indexes[n]!] = outcome));
    if (part && accepted.length > 0) taking.push({ indexes: accepted.map((n) => indexes[n]!), ...orderDocs(part, own, accepted) });
  }
  return taking;
}

/** Which of these parts' locks this holder still has (a lock outlived by a stalled holder is taken over). */
export type StillHeld = (partIds: string[]) => Promise<Set<string>>;

/**
 * Takes the stock of these takes. A take missed because this process's remembered copy of its part
 * was out of date (written since by another server, or in a shell) goes again on the part as read
 * now, if its lock is still held; one missed on a part read under the lock means another writer
 * bypassed the lock. Returns the takes made; the missed ones' outcomes are set.
 */
export async function takeStock(taking: Taking[], requests: PlaceOrder[], outcomes: Outcome<unknown>[], stillHeld?: StillHeld): Promise<Taken[]> {
  const refuse = (refused: Taking[], error: unknown) => refused.forEach(({ indexes }) => indexes.forEach((i) => (outcomes[i] = { error })));
  const { at, missed } = await takeStockForOrdersLocked(taking.map(({ take }) => take));
  const made: Taken[] = taking.filter(({ take }) => !missed.has(take)).map((taken) => ({ ...taken, at }));
  const stale = taking.filter(({ take }) => missed.has(take) && isRememberedPart(take.item));
  refuse(
    taking.filter(({ take }) => missed.has(take) && !isRememberedPart(take.item)),
    new ConflictError("Not enough in stock for this order."),
  );
  if (stale.length === 0) return made;
  const ids = stale.map(({ take }) => String(take.item._id));
  const held = stillHeld ? await stillHeld(ids) : new Set<string>();
  refuse(
    stale.filter(({ take }) => !held.has(String(take.item._id))),
    new LockBusyError(PART_BUSY),
  );
  const again = ids.filter((id) => held.has(id));
  const now = await Promise.all(again.map((id) => readPartForOrdersLocked(id)));
  const retaking = takesOf(new Map(again.map((id, i) => [id, now[i]!])), requests, outcomes);
  if (retaking.length === 0) return made;
  return [...made, ...(await takeStock(retaking, requests, outcomes))];
}

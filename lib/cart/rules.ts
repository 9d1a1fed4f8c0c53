import { largestOrder } from "@/lib/validation/parts";

// A cart line's quantity follows the same rules as an order: from the part's minimum order up to
// the lesser of its stock and its per-order maximum. A quantity outside is clamped, and said so.

export type PartRules = { partsname: string; quantity: number; minOrder: number; maxPerOrder: number };

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50": cart notices always show the cents, so a small change reads as one. */
export const dollars = (amount: number): string => DOLLARS.format(amount);

/** Whether the part can be ordered at all just now. */
export const orderable = (part: PartRules): boolean => largestOrder(part) >= part.minOrder;

/** Why the part cannot be ordered just now (when `orderable` is false). */
export function unorderableMessage(part: PartRules): string {
  if (part.quantity === 0) return `Out of stock: ${part.partsname}.`;
  return `Only ${part.quantity} left of ${part.partsname}, below its minimum order of ${part.minOrder}.`;
}

/** The quantity the rules allow for `wanted` of an orderable part, and what was changed, if anything. */
export function clampQuantity(part: PartRules, wanted: number): { quantity: number; clamped: string | null } {
  const most = largestOrder(part);
  if (wanted > most) {
    const why = most === part.quantity ? `Only ${most} in stock` : `At most ${most} per order`;
    return { quantity: most, clamped: `${why}: your cart holds ${most} of ${part.partsname}.` };
  }
  if (wanted < part.minOrder) return { quantity: part.minOrder, clamped: `The minimum order is ${part.minOrder}: your cart holds ${part.minOrder} of ${part.partsname}.` };
  return { quantity: wanted, clamped: null };
}

/** What a line must tell the customer now: short stock, the rules changed, the price changed. */
export function lineNotices(part: PartRules & { price: number }, line: { quantity: number; priceWhenAdded: number }): string[] {
  const notices: string[] = [];
  if (part.quantity === 0) notices.push("Out of stock");
  else if (part.quantity < line.quantity) notices.push(`Only ${part.quantity} left`);
  else if (line.quantity > part.maxPerOrder) notices.push(`At most ${part.maxPerOrder} per order`);
  if (part.quantity > 0 && line.quantity < part.minOrder) notices.push(`The minimum order is ${part.minOrder}`);
  if (part.price !== line.priceWhenAdded) notices.push(`The price changed from ${dollars(line.priceWhenAdded)} to ${dollars(part.price)} since you added it`);
  return notices;
}

/** A line whose part was deleted since it was added. */
export const GONE_NOTICE = "No longer sold: remove it from your cart";

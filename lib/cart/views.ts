import type { PartView } from "@/lib/catalogue/views";
import { GONE_NOTICE, lineNotices } from "@/lib/cart/rules";
import { largestOrder } from "@/lib/validation/parts";
import type { CartLineFields } from "@/models/Cart";

/** One line of the cart as the pages and the API show it: the part as it is now. */
export type CartLineView = {
  partId: string;
  partsname: string;
  image?: string;
  quantity: number;
  /** The part's price now. */
  unitPrice: number;
  total: number;
  minOrder: number;
  /** The most this line may hold now: the lesser of the stock and the per-order maximum. */
  maxOrder: number;
  inStock: boolean;
  /** The part was deleted since it was added: the line can only be removed, and the checkout refuses it by name. */
  partDeleted: boolean;
  notices: string[];
};

/** `itemCount`: the units of every line together, as the header shows it. */
export type CartView = { lines: CartLineView[]; itemCount: number; subtotal: number };

export const EMPTY_CART: CartView = { lines: [], itemCount: 0, subtotal: 0 };

const cents = (amount: number): number => Math.round(amount * 100) / 100;

function lineView(line: CartLineFields, part: PartView | undefined): CartLineView {
  if (!part) {
    return { partId: line.partId, partsname: line.partsname, quantity: line.quantity, unitPrice: line.priceWhenAdded, total: 0, minOrder: 1, maxOrder: 0, inStock: false, partDeleted: true, notices: [GONE_NOTICE] };
  }
  return {
    partId: line.partId,
    partsname: part.partsname,
    image: part.image,
    quantity: line.quantity,
    unitPrice: part.price,
    total: cents(part.price * line.quantity),
    minOrder: part.minOrder,
    maxOrder: largestOrder(part),
    inStock: part.quantity > 0,
    partDeleted: false,
    notices: lineNotices(part, line),
  };
}

/** The cart's lines with their parts as they are now (`parts` by id; a missing one was deleted). */
export function cartViewOf(lines: readonly CartLineFields[], parts: ReadonlyMap<string, PartView>): CartView {
  const views = lines.map((line) => lineView(line, parts.get(line.partId)));
  return {
    lines: views,
    itemCount: views.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: cents(views.reduce((sum, line) => sum + line.total, 0)),
  };
}

import "server-only";
import type { PartView } from "@/lib/catalogue/views";
import { cartIdOf } from "@/lib/cart/owners";
import { MAX_CART_LINES } from "@/lib/validation/cart";
import { partsOfLines } from "@/lib/cart/parts";
import { clampQuantity, orderable } from "@/lib/cart/rules";
import { changeCart } from "@/lib/cart/store";
import type { CartLineFields } from "@/models/Cart";

/** One visitor line into the account's lines; what had to change, if anything. */
function mergeLine(lines: CartLineFields[], line: CartLineFields, part: PartView): string | null {
  const held = lines.find((l) => l.partId === line.partId);
  if (!held && lines.length >= MAX_CART_LINES) return `Your cart holds at most ${MAX_CART_LINES} different parts: ${part.partsname} was left out.`;
  // A part that cannot be ordered now keeps its line as it was (the cart page says why).
  if (!orderable(part)) {
    if (!held) lines.push(line);
    return null;
  }
  const { quantity, clamped } = clampQuantity(part, (held?.quantity ?? 0) + line.quantity);
  if (held) Object.assign(held, { quantity, partsname: part.partsname });
  else lines.push({ ...line, partsname: part.partsname, quantity });
  return clamped;
}

/**
 * At sign-in and sign-up: the visitor's lines go into the account's cart (the same part summed and
 * clamped to its rules), and the visitor's cart is forgotten. Lines of parts deleted since are
 * dropped. `clamped` says what the customer must be told. The visitor's cart is held under its lock
 * throughout (the account's taken inside it; no other path holds two carts' locks), so an add made in
 * the visitor's cart while it is merged is merged too, or waits and lands after: it is never lost
 * between the read and the forgetting.
 */
export async function mergeVisitorCart(visitorId: string, email: string): Promise<{ clamped: string[] }> {
  return changeCart(cartIdOf({ visitorId }), async (visitorLines) => {
    if (visitorLines.length === 0) return { lines: [], answer: { clamped: [] } };
    const parts = await partsOfLines(visitorLines);
    const clamped = await changeCart(cartIdOf({ email }), async (stored) => {
      const lines = stored.map((line) => ({ ...line }));
      const told: string[] = [];
      for (const line of visitorLines) {
        const part = parts.get(line.partId);
        const said = part ? mergeLine(lines, line, part) : null;
        if (said) told.push(said);
      }
      return { lines, answer: told };
    });
    // No lines left: the visitor's cart is forgotten in the same turn of its lock.
    return { lines: [], answer: { clamped } };
  });
}

import type { PartView } from "@/lib/catalogue/views";
import { largestOrder } from "@/lib/validation/parts";

/** How many of a part the add-to-cart form offers: its minimum order up to the largest order now; null when the stock cannot fill the minimum. */
export function orderRange(part: Pick<PartView, "minOrder" | "maxPerOrder" | "quantity">): { min: number; max: number } | null {
  const max = largestOrder(part);
  return max >= part.minOrder ? { min: part.minOrder, max } : null;
}

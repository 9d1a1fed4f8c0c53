import type { OrderView } from "@/lib/orders/views";
import { formatPrice } from "@/lib/site/format";

/** What the customer is told once the order is in. */
export function placedMessage(order: OrderView, replayed: boolean): string {
  const placed = `Order ${order.number} placed: ${order.lines.length} ${order.lines.length === 1 ? "part" : "parts"}, ${formatPrice(order.total)}.`;
  return replayed ? `${placed} (This is the order you placed a moment ago; nothing was placed twice.)` : placed;
}

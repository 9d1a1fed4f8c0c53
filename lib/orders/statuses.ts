import type { OrderStatus } from "@/models/Order";

/**
 * The order life cycle: placed → shipped → delivered, or cancelled from placed or shipped
 * (a shipped parcel can still be stopped or come back, and its goods return to the shelf).
 * Delivered and cancelled are final.
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

export const canMoveTo = (from: OrderStatus, to: OrderStatus): boolean => NEXT_STATUSES[from].includes(to);

/** Orders that still hold their part: a part with any of these cannot be deleted. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["placed", "shipped"];

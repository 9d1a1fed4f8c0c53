import "server-only";
import { afterCheckout } from "@/lib/cart/commands";
import { readCart } from "@/lib/cart/queries";
import type { CartView } from "@/lib/cart/views";

// The checkout reads the signed-in account's cart, the one the customer sees on every device.

export const cartOf = (email: string): Promise<CartView> => readCart({ email });

/** The ordered parts' lines leave the cart; a line added meanwhile in another tab stays. */
export const emptyCartAfterOrder = (email: string, orderedPartIds: readonly string[]): Promise<void> => afterCheckout({ email }, orderedPartIds);

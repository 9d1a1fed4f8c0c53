// Whose cart: a signed-in customer's account (one cart on every device) or a visitor's browser.

export type CartOwner = { email: string } | { visitorId: string };

/** The cart document's `_id`: one per owner, so finding or creating it needs no other index. */
export function cartIdOf(owner: CartOwner): string {
  return "email" in owner ? `account:${owner.email}` : `visitor:${owner.visitorId}`;
}

/** The lock every change of one cart holds: the engine's conditional writes are not atomic. */
export const cartLockOf = (cartId: string): string => `cart:${cartId}`;

export const CART_BUSY = "Your cart is being changed; try again in a moment.";

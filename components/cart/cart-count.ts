import { CART_COUNT_COOKIE, shownCartCount } from "@/lib/cache/audience";

// The browser's side of the header's cart count. The server's HTML has the count from the route
// (lib/cache/audience.ts); once the page runs, the cart-count cookie, which the server rewrites with
// every change, is the truth, and a change made in place is announced so the header reads it again.

const CART_CHANGED = "cart-changed";

/** The count in this browser's cart-count cookie, as the header shows it. */
export function cookieCartCount(): string {
  const entry = document.cookie.split("; ").find((pair) => pair.startsWith(`${CART_COUNT_COOKIE}=`));
  return shownCartCount(entry?.slice(CART_COUNT_COOKIE.length + 1));
}

/** Tells the header the cart changed (its reply has set the cookie). */
export function announceCartChange(): void {
  window.dispatchEvent(new Event(CART_CHANGED));
}

/** Calls `listener` on a change announced here, or on coming back to this tab (another tab may have changed the cart). */
export function onCartChange(listener: () => void): () => void {
  window.addEventListener(CART_CHANGED, listener);
  window.addEventListener("focus", listener);
  return () => {
    window.removeEventListener(CART_CHANGED, listener);
    window.removeEventListener("focus", listener);
  };
}

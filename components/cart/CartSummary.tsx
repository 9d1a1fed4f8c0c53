import Link from "next/link";
import type { CartView } from "@/lib/cart/views";
import { formatPrice } from "@/lib/site/format";

/** Where the cart's Checkout button leads (the checkout asks a visitor to sign in first). */
const CHECKOUT_PATH = "/checkout";

/** The cart's totals and the way on: delivery and payment are chosen at the checkout. */
export function CartSummary({ cart }: { cart: CartView }) {
  return (
    <section aria-labelledby="cart-summary" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <h2 id="cart-summary" className="text-lg font-semibold">
        Order summary
      </h2>
      <dl className="grid grid-cols-2 gap-1">
        <dt>{`Items (${cart.itemCount})`}</dt>
        <dd className="text-right">{formatPrice(cart.subtotal)}</dd>
        <dt className="font-semibold">Subtotal</dt>
        <dd className="text-right font-semibold" data-cart-subtotal>
          {formatPrice(cart.subtotal)}
        </dd>
      </dl>
      <p className="text-sm text-slate-700">Delivery and payment are chosen at the checkout.</p>
      <Link href={CHECKOUT_PATH} prefetch={false} className="rounded bg-brand-700 px-6 py-3 text-center font-semibold text-white hover:bg-brand-900">
        Checkout
      </Link>
    </section>
  );
}

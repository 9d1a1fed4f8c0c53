import type { Metadata } from "next";
import Link from "next/link";
import { CartLineItem } from "@/components/cart/CartLineItem";
import { CartSummary } from "@/components/cart/CartSummary";
import { cartNotice } from "@/components/cart/notice";
import { mergeNotices } from "@/lib/cart/cookies";
import { cartOwner } from "@/lib/cart/owner";
import { cachedParts } from "@/lib/catalogue/cached-reads";
import { readCart } from "@/lib/cart/queries";
import { fitVerdicts } from "@/lib/garage/fit";
import { cookieVehicle } from "@/lib/garage/vehicle-cookie";

// The cart page (/cart, rewritten here so the header's count and links come from the route like
// every public page's): a visitor's or a customer's cart, read per request. Its parts come from the
// data cache, as the catalogue's pages show them: an admin's price or stock change expires a part's
// entry at once, an order's stock marks it stale (refreshed on the next view). The checkout's review
// and the placing read every part as it is now, so what is charged never rests on the cache.

export const metadata: Metadata = { title: "Your cart", robots: { index: false } };

export default async function CartPage() {
  const [cart, vehicle, notice, merged] = await Promise.all([cartOwner().then((owner) => readCart(owner, cachedParts)), cookieVehicle(), cartNotice(), mergeNotices()]);
  const sold = cart.lines.filter((line) => !line.partDeleted).map((line) => ({ _id: line.partId }));
  const fit = vehicle && sold.length > 0 ? await fitVerdicts(sold, vehicle) : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your cart</h1>
      <div role="status" className="mt-4 empty:hidden">
        {notice ? <p className="rounded bg-brand-50 px-3 py-2 font-medium text-brand-900">{notice}</p> : null}
      </div>
      {merged.length > 0 ? (
        <section aria-labelledby="cart-merged" className="mt-4 rounded border border-amber-300 bg-amber-50 px-3 py-2">
          <h2 id="cart-merged" className="font-semibold">
            Your cart from before you signed in was added to this one
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {merged.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {cart.lines.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p className="text-slate-800">Your cart is empty.</p>
          <Link href="/parts" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem] lg:items-start">
          <ul aria-label="Parts in your cart" className="border-t border-slate-200">
            {cart.lines.map((line) => (
              <CartLineItem key={line.partId} line={line} fit={fit?.get(line.partId)} />
            ))}
          </ul>
          <CartSummary cart={cart} />
        </div>
      )}
    </div>
  );
}

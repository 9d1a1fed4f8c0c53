"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { useSyncExternalStore } from "react";
import { cookieCartCount, onCartChange } from "@/components/cart/cart-count";
import { readAudience } from "@/lib/cache/audience";
import { CART_PATH } from "@/lib/cache/cached-routes";

/**
 * The header's link to the cart, with the number of items. The server draws the number from the
 * page's audience segment, which the rewrites fill from the cart-count cookie, so it is right
 * without JavaScript on every public page and the cart page, cached or not. Pages outside those
 * (the dashboard, purchase) have no count in their route: theirs comes from the cookie once the page runs.
 */
export function HeaderCartLink({ className }: { className?: string }) {
  const { audience } = useParams<{ audience?: string }>();
  const fromRoute = readAudience(audience)?.cartCount ?? "";
  const count = useSyncExternalStore(onCartChange, cookieCartCount, () => fromRoute);
  return (
    <Link href={CART_PATH} prefetch={false} className={`${className ?? ""} inline-flex items-center gap-1`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M2 3h2l2 10h10l2-7H5.2" />
        <circle cx="8" cy="16.5" r="1.2" />
        <circle cx="15" cy="16.5" r="1.2" />
      </svg>
      Cart
      {count ? (
        <span data-cart-count={count} className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold text-white">
          {count}
          <span className="sr-only">{count === "1" ? " item" : " items"}</span>
        </span>
      ) : null}
    </Link>
  );
}

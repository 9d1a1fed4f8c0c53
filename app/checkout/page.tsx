import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutFlow } from "@/components/checkout/CheckoutFlow";
import { requireUserPage } from "@/lib/auth/guards";
import { NEW_ADDRESS, detailsStep } from "@/lib/checkout/form-state";
import { quoteCheckout } from "@/lib/checkout/quote";
import { listAddresses } from "@/lib/users/addresses";
import { getProfile } from "@/lib/users/queries";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

/**
 * The checkout (signed in: a visitor is sent to sign in or sign up and comes back here, the cart
 * merged into the account's). The cart is read fresh; the steps run in CheckoutFlow.
 */
export default async function CheckoutPage() {
  const user = await requireUserPage("/checkout");
  const [quote, addresses, profile] = await Promise.all([quoteCheckout(user.email, {}), listAddresses(user.email), getProfile(user.email)]);
  if (quote.lines.length === 0) return <EmptyCart />;
  const saved = addresses.find((address) => address.isDefault) ?? addresses[0];
  const initial = detailsStep({
    addressId: saved?._id ?? NEW_ADDRESS,
    // A name is required on an order; an account without one uses its email's first part.
    name: user.name || user.email.split("@")[0] || "",
    phone: profile?.phoneNumber ?? "",
    address: "",
    saveAddress: addresses.length === 0,
    deliveryMethod: quote.deliveryMethod,
    paymentMethod: quote.paymentMethod,
  });
  const itemCount = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <CheckoutFlow initial={initial} addresses={addresses} deliveryOptions={quote.deliveryOptions} paymentMethods={quote.paymentMethods} summary={{ itemCount, subtotal: quote.subtotal }} />
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Checkout</h1>
      <p className="mt-4 text-slate-700">
        Your cart is empty.{" "}
        <Link href="/parts" className="font-medium text-brand-700 underline">
          Browse the catalogue
        </Link>{" "}
        to add parts.
      </p>
    </div>
  );
}

import Link from "next/link";
import type { RefObject } from "react";
import { OrderLines, OrderTotals } from "@/components/checkout/OrderLines";
import { type CheckoutFormState, type CheckoutReview } from "@/lib/checkout/form-state";
import { DeliveryAndPayment } from "@/components/checkout/DeliveryAndPayment";

type Props = {
  state: CheckoutFormState & { review: CheckoutReview };
  action: (form: FormData) => void;
  pending: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * The review: exactly what placing the order charges. Its form carries the choices, the total
 * shown and this review's key, so a second click or a resent form places the same one order.
 */
export function ReviewStep({ state, action, pending, headingRef }: Props) {
  const { choices, review, message } = state;
  const { quote, address, idempotencyKey } = review;
  const delivery = quote.deliveryOptions.find((option) => option.method === quote.deliveryMethod);
  return (
    <div className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Review your order
      </h1>
      {message ? (
        <div role="alert" className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">
          <p>{message}</p>
          <Link href="/cart" className="font-medium underline">
            Go to your cart
          </Link>
        </div>
      ) : null}
      <section aria-labelledby="review-parts" className="rounded-lg border border-slate-200 p-4">
        <h2 id="review-parts" className="mb-2 text-lg font-semibold">
          Parts
        </h2>
        <OrderLines lines={quote.lines} caption="The parts you are ordering" />
        <OrderTotals subtotal={quote.subtotal} deliveryLabel={delivery?.label ?? "Delivery"} deliveryPrice={quote.deliveryPrice} deliveryBy={quote.deliveryBy} total={quote.total} />
      </section>
      <DeliveryAndPayment headingId="review-delivery" name={address.name} address={address.address} phone={address.phone} paymentMethod={quote.paymentMethod} />
      <form action={action} className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <input type="hidden" name="addressId" value={choices.addressId} />
        <input type="hidden" name="name" value={choices.name} />
        <input type="hidden" name="phone" value={choices.phone} />
        <input type="hidden" name="address" value={choices.address} />
        {choices.saveAddress ? <input type="hidden" name="saveAddress" value="on" /> : null}
        <input type="hidden" name="deliveryMethod" value={quote.deliveryMethod} />
        <input type="hidden" name="paymentMethod" value={quote.paymentMethod} />
        <input type="hidden" name="expectedTotal" value={String(quote.total)} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <button type="submit" name="intent" value="place" disabled={pending} className="rounded bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Placing your order…" : "Place order"}
        </button>
        <button type="submit" name="intent" value="change" disabled={pending} className="rounded border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-50 disabled:opacity-60">
          Change details
        </button>
      </form>
    </div>
  );
}

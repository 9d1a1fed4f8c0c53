import Link from "next/link";
import type { RefObject } from "react";
import { Field } from "@/components/checkout/Field";
import { deliveryPriceText } from "@/components/checkout/OrderLines";
import type { DeliveryOption } from "@/lib/checkout/delivery";
import { type CheckoutFormState, NEW_ADDRESS } from "@/lib/checkout/form-state";
import { formatDate, formatPrice } from "@/lib/site/format";
import type { AddressView } from "@/lib/users/addresses-view";
import type { PaymentMethod } from "@/models/Order";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";

type Props = {
  state: CheckoutFormState;
  action: (form: FormData) => void;
  pending: boolean;
  addresses: AddressView[];
  deliveryOptions: DeliveryOption[];
  paymentMethods: PaymentMethod[];
  summary: { itemCount: number; subtotal: number };
  headingRef: RefObject<HTMLHeadingElement | null>;
};

const FIELDSET = "flex flex-col gap-3 rounded-lg border border-slate-200 p-4";
const LEGEND = "px-1 text-lg font-semibold";
const CHOICE = "flex min-h-11 items-start gap-3 rounded border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50";

/** The first step: where the order goes, how it travels and how it is paid. */
export function DetailsStep({ state, action, pending, addresses, deliveryOptions, paymentMethods, summary, headingRef }: Props) {
  const { choices, fieldErrors } = state;
  const typedChosen = choices.addressId === NEW_ADDRESS || addresses.length === 0;
  return (
    <form action={action} noValidate className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Checkout
      </h1>
      <p className="text-slate-700">
        {summary.itemCount} {summary.itemCount === 1 ? "item" : "items"} in your cart, {formatPrice(summary.subtotal)}.{" "}
        <Link href="/cart" className="font-medium text-brand-700 underline">
          Change your cart
        </Link>
      </p>
      {state.message ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {state.message}
        </p>
      ) : null}
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Delivery address</legend>
        {addresses.map((saved) => (
          <label key={saved._id} className={CHOICE}>
            <input type="radio" name="addressId" value={saved._id} defaultChecked={choices.addressId === saved._id} className="mt-1" />
            <span>
              <span className="font-medium">{saved.name}</span>
              {saved.isDefault ? <span className="ml-2 text-sm text-slate-600">(default)</span> : null}
              <span className="block text-sm">{saved.address}</span>
              <span className="block text-sm">{saved.phone}</span>
            </span>
          </label>
        ))}
        {addresses.length > 0 ? (
          <label className={CHOICE}>
            <input type="radio" name="addressId" value={NEW_ADDRESS} defaultChecked={typedChosen} className="mt-1" />
            <span className="font-medium">A new address</span>
          </label>
        ) : (
          <input type="hidden" name="addressId" value={NEW_ADDRESS} />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="checkout-name" name="name" label="Name" autoComplete="name" defaultValue={choices.name} error={fieldErrors.name} />
          <Field id="checkout-phone" name="phone" label="Phone number" type="tel" autoComplete="tel" defaultValue={choices.phone} error={fieldErrors.phone} />
        </div>
        <Field id="checkout-address" name="address" label="Address" autoComplete="address-line1" defaultValue={choices.address} error={fieldErrors.address} />
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="saveAddress" defaultChecked={choices.saveAddress} />
          Save this address for next time
        </label>
        {fieldErrors.addressId ? <p className="text-sm text-red-600">{fieldErrors.addressId}</p> : null}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Delivery method</legend>
        {deliveryOptions.map((option) => (
          <label key={option.method} className={CHOICE}>
            <input type="radio" name="deliveryMethod" value={option.method} defaultChecked={choices.deliveryMethod === option.method} className="mt-1" />
            <span className="flex flex-1 flex-wrap justify-between gap-x-4">
              <span>
                <span className="font-medium">{option.label}</span>
                <span className="block text-sm">Arrives by {formatDate(option.deliveryBy)}</span>
              </span>
              <span className="font-semibold">{deliveryPriceText(option.price)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Payment method</legend>
        {paymentMethods.map((method) => (
          <label key={method} className={CHOICE}>
            <input type="radio" name="paymentMethod" value={method} defaultChecked={choices.paymentMethod === method} className="mt-1" />
            <span>
              <span className="font-medium">{PAYMENT_METHOD_LABELS[method]}</span>
              <span className="block text-sm">{method === "bank-transfer" ? "You get our bank details and a payment reference with your order." : "Pay the driver when the parts arrive."}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" name="intent" value="review" disabled={pending} className="rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
        Review order
      </button>
    </form>
  );
}

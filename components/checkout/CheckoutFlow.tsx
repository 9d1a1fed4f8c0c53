"use client";

import { useActionState, useEffect, useRef } from "react";
import { DetailsStep } from "@/components/checkout/DetailsStep";
import { ReviewStep } from "@/components/checkout/ReviewStep";
import type { DeliveryOption } from "@/lib/checkout/delivery";
import { checkoutAction } from "@/lib/checkout/form-actions";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import type { AddressView } from "@/lib/users/addresses-view";
import type { PaymentMethod } from "@/models/Order";

type Props = {
  initial: CheckoutFormState;
  addresses: AddressView[];
  deliveryOptions: DeliveryOption[];
  paymentMethods: PaymentMethod[];
  summary: { itemCount: number; subtotal: number };
};

/**
 * The checkout's two steps over one server action. Without JavaScript (or before hydration) each
 * form posts to the action at /checkout and the page comes back with the next step; with it, the
 * step changes in place and the focus moves to its heading.
 */
export function CheckoutFlow({ initial, addresses, deliveryOptions, paymentMethods, summary }: Props) {
  const [state, formAction, pending] = useActionState(checkoutAction, initial, "/checkout");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state]);
  if (state.step === "review" && state.review) return <ReviewStep state={{ ...state, review: state.review }} action={formAction} pending={pending} headingRef={headingRef} />;
  return <DetailsStep state={state} action={formAction} pending={pending} addresses={addresses} deliveryOptions={deliveryOptions} paymentMethods={paymentMethods} summary={summary} headingRef={headingRef} />;
}

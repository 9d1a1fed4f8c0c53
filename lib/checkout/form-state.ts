import type { CheckoutQuote } from "@/lib/checkout/quote";
import type { DeliveryAddress } from "@/lib/validation/checkout";
import type { DeliveryMethod, PaymentMethod } from "@/models/Order";

// The checkout page's state between its two steps, as its server action returns it: the choices
// made, and once reviewed, exactly what placing would charge, with the key that makes a double
// submit place one order. Plain data: it travels to the browser and back in the form.

/** "new" stands for the address typed in the form. */
export const NEW_ADDRESS = "new";

export type CheckoutChoices = {
  addressId: string;
  name: string;
  phone: string;
  address: string;
  saveAddress: boolean;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
};

export type CheckoutField = "addressId" | "name" | "phone" | "address" | "deliveryMethod" | "paymentMethod";

export type CheckoutReview = { quote: CheckoutQuote; address: DeliveryAddress; idempotencyKey: string };

export type CheckoutFormState = {
  step: "details" | "review";
  choices: CheckoutChoices;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  /** What went wrong, or what changed, in a sentence for the customer. */
  message: string | null;
  review: CheckoutReview | null;
};

export const detailsStep = (choices: CheckoutChoices, message: string | null = null, fieldErrors: CheckoutFormState["fieldErrors"] = {}): CheckoutFormState => ({
  step: "details",
  choices,
  fieldErrors,
  message,
  review: null,
});

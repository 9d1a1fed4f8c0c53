"use server";

import "server-only";
import { randomBytes } from "node:crypto";
import { redirect } from "next/navigation";
import { signInPath } from "@/lib/auth/callback-url";
import { getSessionUser } from "@/lib/auth/session";
import { deliveryAddress } from "@/lib/checkout/address";
import { type CheckoutChoices, type CheckoutField, type CheckoutFormState, NEW_ADDRESS, detailsStep } from "@/lib/checkout/form-state";
import { CheckoutPricesChangedError, placeCheckout } from "@/lib/checkout/place";
import { quoteCheckout, quoteOf } from "@/lib/checkout/quote";
import { cartOf } from "@/lib/checkout/cart";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { ShortLinesError } from "@/lib/orders/placement-errors";
import { logUnexpected } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { checkoutChoicesSchema, idempotencyKeyField } from "@/lib/validation/checkout";
import { DELIVERY_METHODS, PAYMENT_METHODS, type DeliveryMethod, type PaymentMethod } from "@/models/Order";

const CHECKOUT_PATH = "/checkout";
const TRY_AGAIN = "The shop could not do this just now; please try again.";

const textOf = (form: FormData, field: string): string => {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
};

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** The choices as the form sent them (a hand-made post may send anything: the schema decides). */
function choicesOf(form: FormData): CheckoutChoices {
  return {
    addressId: textOf(form, "addressId") || NEW_ADDRESS,
    name: textOf(form, "name"),
    phone: textOf(form, "phone"),
    address: textOf(form, "address"),
    saveAddress: form.get("saveAddress") === "on",
    deliveryMethod: oneOf<DeliveryMethod>(DELIVERY_METHODS, textOf(form, "deliveryMethod"), "standard"),
    paymentMethod: oneOf<PaymentMethod>(PAYMENT_METHODS, textOf(form, "paymentMethod"), "bank-transfer"),
  };
}

/** The choices checked by the shared schema: the valid ones, or each field's first message. */
function checked(form: FormData, choices: CheckoutChoices) {
  const typed = choices.addressId === NEW_ADDRESS;
  const parsed = checkoutChoicesSchema.safeParse({
    addressId: typed ? undefined : choices.addressId,
    ...(typed ? { name: choices.name, phone: choices.phone, address: choices.address } : {}),
    saveAddress: choices.saveAddress,
    deliveryMethod: textOf(form, "deliveryMethod"),
    paymentMethod: textOf(form, "paymentMethod"),
  });
  if (parsed.success) return { input: parsed.data, fieldErrors: null };
  const fieldErrors: CheckoutFormState["fieldErrors"] = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as CheckoutField] ??= issue.message;
  return { input: null, fieldErrors };
}

/** A sentence for a refusal the customer can act on; anything else is logged and said plainly. */
function refusalOf(error: unknown): string {
  if (error instanceof InvalidInputError || error instanceof NotFoundError || error instanceof ConflictError || error instanceof LockBusyError) return error.message;
  logUnexpected("[checkout] a checkout step failed", error);
  return TRY_AGAIN;
}

const newKey = () => randomBytes(18).toString("base64url");

async function review(email: string, choices: CheckoutChoices, input: NonNullable<ReturnType<typeof checked>["input"]>, message: string | null, idempotencyKey = newKey()): Promise<CheckoutFormState> {
  const [address, quote] = await Promise.all([deliveryAddress(email, input), quoteCheckout(email, input)]);
  if (quote.lines.length === 0) return detailsStep(choices, "Your cart is empty.");
  return { step: "review", choices, fieldErrors: {}, message, review: { quote, address, idempotencyKey } };
}

/**
 * The checkout page's one way in, with or without JavaScript: "review" checks the choices and
 * prices the cart (with a new key for this review), "change" goes back to the choices, "place"
 * places what was reviewed and redirects to the confirmation (a 303 for a form sent without
 * JavaScript). A changed total or short stock comes back to the review, saying what changed.
 */
export async function checkoutAction(_previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const user = await getSessionUser();
  if (!user) redirect(signInPath(CHECKOUT_PATH));
  const intent = textOf(form, "intent");
  const choices = choicesOf(form);
  if (intent !== "review" && intent !== "place") return detailsStep(choices);
  const { input, fieldErrors } = checked(form, choices);
  if (!input) return detailsStep(choices, null, fieldErrors);
  if (intent === "review") {
    try {
      return await review(user.email, choices, input, null);
    } catch (error) {
      return detailsStep(choices, refusalOf(error));
    }
  }
  const key = idempotencyKeyField.safeParse(textOf(form, "idempotencyKey"));
  const expectedTotal = Number(textOf(form, "expectedTotal"));
  if (!key.success || !Number.isFinite(expectedTotal)) return detailsStep(choices, "Review your order again before placing it.");
  let placedId: string;
  try {
    placedId = (await placeCheckout(user.email, { ...input, expectedTotal, idempotencyKey: key.data })).order._id;
  } catch (error) {
    return refusedPlacing(user.email, choices, input, key.data, error);
  }
  redirect(`${CHECKOUT_PATH}/confirmation/${placedId}`);
}

/** Back to the review with what changed: the new total to confirm, or every short line named. */
async function refusedPlacing(email: string, choices: CheckoutChoices, input: NonNullable<ReturnType<typeof checked>["input"]>, key: string, error: unknown): Promise<CheckoutFormState> {
  if (error instanceof CheckoutPricesChangedError) {
    const address = await deliveryAddress(email, input);
    return { step: "review", choices, fieldErrors: {}, message: `${error.message} Check it and place your order again.`, review: { quote: error.quote, address, idempotencyKey: key } };
  }
  if (error instanceof ShortLinesError) {
    try {
      const quote = await quoteOf((await cartOf(email)).lines, input);
      return { step: "review", choices, fieldErrors: {}, message: `${error.message} Change your cart to go on.`, review: { quote, address: await deliveryAddress(email, input), idempotencyKey: key } };
    } catch (again) {
      return detailsStep(choices, refusalOf(again));
    }
  }
  return detailsStep(choices, refusalOf(error));
}

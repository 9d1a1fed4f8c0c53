"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormField } from "@/components/forms/FormField";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";
import { formatPrice } from "@/lib/site/format";
import { orderQuantity, orderTotal, purchaseFormSchema, type PurchaseFormInput, type PurchaseFormValues } from "@/lib/validation/orders";

type Props = {
  part: { _id: string; partsname: string; price: number; minOrder: number; quantity: number };
  /** The phone number is My Profile's, as a start: the customer may give another for this order. */
  customer: { name: string; email: string; phone: string };
};

/** The order form of the purchase page: SPEC 5's checks with the part's range, then POST /orderd (SPEC 7). */
export function PurchaseForm({ part, customer }: Props) {
  const router = useRouter();
  // The range follows the stock shown: after router.refresh() the new figures arrive as props.
  const schema = useMemo(() => purchaseFormSchema(part.minOrder, part.quantity), [part.minOrder, part.quantity]);
  const defaultValues: PurchaseFormInput = { name: customer.name, email: customer.email, quantity: String(part.minOrder), phone: customer.phone, address: "" };
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({ resolver: zodResolver(schema), defaultValues });

  const typed = useWatch({ control, name: "quantity" });
  // A total only for a quantity the shop would take: none for one it refuses.
  const orderable = schema.shape.quantity.safeParse(typed).success;
  const total = orderable ? formatPrice(orderTotal(part.price, orderQuantity.parse(typed))) : "—";

  const onSubmit = handleSubmit(async (values) => {
    const quantity = orderQuantity.parse(values.quantity);
    const reply = await callApi("POST", "/orderd", {
      _id: part._id,
      name: values.name,
      email: values.email,
      quantity: values.quantity,
      phone: values.phone,
      address: values.address,
      partsname: part.partsname,
      price: orderTotal(part.price, quantity),
    });
    if (succeeded(reply)) toast.success(messageOf(reply, "Order placed."));
    else toast.error("failed to insert", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
    // SPEC 8: the purchase form resets whatever the outcome; the stock shown is read again.
    reset(defaultValues);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="order-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 p-6 shadow-sm">
      <h2 id="order-heading" className="text-xl font-bold">
        Your order
      </h2>
      <FormField id="order-name" label="Name" type="text" readOnly autoComplete="name" registration={register("name")} error={errors.name?.message} />
      <FormField id="order-email" label="Email" type="email" readOnly autoComplete="email" registration={register("email")} error={errors.email?.message} />
      <FormField
        id="order-quantity"
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={part.minOrder}
        max={part.quantity}
        step={1}
        hint={`Between ${part.minOrder} and ${part.quantity} units.`}
        registration={register("quantity")}
        error={errors.quantity?.message}
      />
      <FormField id="order-address" label="Address" type="text" autoComplete="address-line1" registration={register("address")} error={errors.address?.message} />
      <FormField id="order-phone" label="Phone Number" type="tel" autoComplete="tel" registration={register("phone")} error={errors.phone?.message} />
      <p className="flex items-baseline justify-between border-t border-slate-200 pt-4 text-lg">
        <span>Total</span>
        <output htmlFor="order-quantity" aria-live="polite" aria-label="Total price" className="text-2xl font-bold text-brand-700">
          {total}
        </output>
      </p>
      <button type="submit" disabled={isSubmitting} className="rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
        {isSubmitting ? "Placing your order…" : "Place order"}
      </button>
    </form>
  );
}

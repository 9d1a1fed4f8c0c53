"use client";

import { useId, useState, type FormEvent } from "react";
import { announceCartChange } from "@/components/cart/cart-count";
import { ADD_TO_CART_FORM_PATH, CART_ITEMS_API } from "@/components/cart/paths";
import { showToast } from "@/components/cart/toast";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";

type Props = { partId: string; partsname: string; minOrder: number; maxOrder: number; className?: string };

/**
 * "Add to cart" with a quantity, from the part's minimum to the most one order may take. A plain
 * form post without JavaScript (app/cart/add answers with the cart page); with it, the part is
 * added in place, the server's message is toasted and the header's count is read again.
 */
export function AddToCartForm({ partId, partsname, minOrder, maxOrder, className }: Props) {
  const quantityId = useId();
  const [busy, setBusy] = useState(false);
  async function addInPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const quantity = Number(new FormData(event.currentTarget).get("quantity"));
    setBusy(true);
    const reply = await callApi("POST", CART_ITEMS_API, { partId, quantity });
    setBusy(false);
    if (!succeeded(reply)) return showToast("error", messageOf(reply, `${partsname} could not be added to your cart; please try again.`));
    announceCartChange();
    await showToast("success", messageOf(reply, `Added ${quantity} × ${partsname} to your cart.`));
  }
  return (
    <form action={ADD_TO_CART_FORM_PATH} method="post" onSubmit={addInPlace} className={`flex items-end gap-2 ${className ?? ""}`}>
      <input type="hidden" name="partId" value={partId} />
      <div className="flex flex-col gap-1">
        <label htmlFor={quantityId} className="text-xs font-medium text-slate-700">
          Qty<span className="sr-only"> of {partsname}</span>
        </label>
        <input
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          required
          min={minOrder}
          max={maxOrder}
          step={1}
          defaultValue={minOrder}
          className="w-20 rounded border border-slate-400 px-2 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-label={`Add to cart: ${partsname}`}
        className="flex-1 rounded border-2 border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        Add to cart
      </button>
    </form>
  );
}

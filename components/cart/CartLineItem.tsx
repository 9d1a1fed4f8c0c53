import Link from "next/link";
import { PartImage } from "@/components/PartImage";
import { FitBadge } from "@/components/garage/FitBadge";
import type { CartLineView } from "@/lib/cart/views";
import type { FitVerdict } from "@/lib/garage/fit";
import { formatPrice } from "@/lib/site/format";
import { CART_CHANGE_FORM_PATH } from "@/components/cart/paths";

type Props = { line: CartLineView; fit?: FitVerdict };

const buttonClass = "rounded border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-50";

/**
 * One line of the cart page: the part, its price now, a quantity to change, a remove button, the
 * line's total and what it must tell (short stock, a new price, a part no longer sold). Plain forms,
 * so every change works without JavaScript.
 */
export function CartLineItem({ line, fit }: Props) {
  const quantityId = `quantity-${line.partId}`;
  const canChange = !line.partDeleted && line.maxOrder >= line.minOrder;
  return (
    <li className="grid grid-cols-[5rem_1fr] gap-4 border-b border-slate-200 py-4 sm:grid-cols-[7rem_1fr_auto]">
      <div className="overflow-hidden rounded border border-slate-200">
        <PartImage image={line.image ?? ""} alt="" />
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          {line.partDeleted ? line.partsname : <Link href={`/parts/${line.partId}`} className="hover:text-brand-700 hover:underline">{line.partsname}</Link>}
        </h2>
        <p className="text-sm text-slate-700">{`${formatPrice(line.unitPrice)} per unit`}</p>
        {fit ? <FitBadge verdict={fit} /> : null}
        {line.notices.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm font-medium text-amber-900" aria-label={`Notices about ${line.partsname}`}>
            {line.notices.map((notice) => (
              <li key={notice} className="rounded bg-amber-50 px-2 py-1">
                {notice}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          {canChange ? (
            <form action={CART_CHANGE_FORM_PATH} method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="change" />
              <input type="hidden" name="partId" value={line.partId} />
              <div className="flex flex-col gap-1">
                <label htmlFor={quantityId} className="text-xs font-medium text-slate-700">
                  Quantity<span className="sr-only"> of {line.partsname}</span>
                </label>
                <input id={quantityId} name="quantity" type="number" inputMode="numeric" required min={line.minOrder} max={line.maxOrder} step={1} defaultValue={line.quantity} className="w-20 rounded border border-slate-400 px-2 py-2" />
              </div>
              <button type="submit" aria-label={`Update the quantity of ${line.partsname}`} className={buttonClass}>
                Update
              </button>
            </form>
          ) : (
            <p className="text-sm">{`Quantity: ${line.quantity}`}</p>
          )}
          <form action={CART_CHANGE_FORM_PATH} method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="partId" value={line.partId} />
            <button type="submit" aria-label={`Remove ${line.partsname} from your cart`} className={buttonClass}>
              Remove
            </button>
          </form>
        </div>
      </div>
      <p className="col-start-2 text-lg font-semibold sm:col-start-3 sm:text-right">
        <span className="sr-only">{`Line total for ${line.partsname}: `}</span>
        {formatPrice(line.total)}
      </p>
    </li>
  );
}

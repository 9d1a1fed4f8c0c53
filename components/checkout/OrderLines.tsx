import { formatDate, formatPrice } from "@/lib/site/format";

type Line = { partId: string; partsname: string; quantity: number; unitPrice: number; total: number };

/** The parts of an order (or of the cart being reviewed): one row each, with its total. */
export function OrderLines({ lines, caption }: { lines: Line[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-2">
              Part
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Unit price
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.partId} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 font-medium">
                {line.partsname}
              </th>
              <td className="px-2 py-2 text-right">{line.quantity}</td>
              <td className="px-2 py-2 text-right">{formatPrice(line.unitPrice)}</td>
              <td className="py-2 pl-2 text-right">{formatPrice(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Totals = { subtotal: number; deliveryLabel: string; deliveryPrice: number; deliveryBy: string | null; total: number };

/** "Free" for a delivery that costs nothing, the price otherwise. */
export const deliveryPriceText = (price: number): string => (price === 0 ? "Free" : formatPrice(price));

/** Subtotal, delivery and the total charged. */
export function OrderTotals({ subtotal, deliveryLabel, deliveryPrice, deliveryBy, total }: Totals) {
  return (
    <dl aria-label="Totals" className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatPrice(subtotal)}</dd>
      <dt>
        {deliveryLabel}
        {deliveryBy ? `, arrives by ${formatDate(deliveryBy)}` : ""}
      </dt>
      <dd className="text-right">{deliveryPriceText(deliveryPrice)}</dd>
      <dt className="border-t border-slate-200 pt-2 text-base font-bold">Total</dt>
      <dd className="border-t border-slate-200 pt-2 text-right text-base font-bold">{formatPrice(total)}</dd>
    </dl>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";
import { requireUserPage } from "@/lib/auth/guards";
import { NotFoundError } from "@/lib/errors";
import { readOrderFor } from "@/lib/orders/queries";
import type { OrderView } from "@/lib/orders/views";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { formatDate, formatPrice } from "@/lib/site/format";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { PaymentInstructions } from "@/components/checkout/PaymentInstructions";
import { OrderMails } from "@/components/admin/OrderMails";
import { mailNote } from "@/app/dashboard/my-orders/[id]/mail-notes";
import { mailsOfOrder } from "@/lib/mail/mail-log";

export const metadata: Metadata = { title: "Order" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The order, for its owner or an admin; anyone else, and a malformed id, gets the page for a missing order. */
async function orderOrNotFound(id: string, reader: { email: string; role: string }): Promise<OrderView> {
  if (!OBJECT_ID_PATTERN.test(id)) notFound();
  try {
    return await readOrderFor(id.toLowerCase(), reader);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** How a customer pays an unpaid bank transfer: the shop's account and the reference to quote. */
async function TransferInstructions({ order }: { order: OrderView }) {
  const bank = await readShopSettings();
  return (
    <div className="mt-6">
      <PaymentInstructions total={order.total} reference={order.paymentReference ?? order.number} accountName={bank.bankAccountName} iban={bank.bankIban} bic={bank.bankBic} holdDays={bank.unpaidTransferDays} />
    </div>
  );
}

/** One order's own page: its lines, totals, delivery and payment. */
export default async function OrderPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const user = await requireUserPage(`${DASHBOARD_ITEMS.myOrders.href}/${encodeURIComponent(id)}`);
  const order = await orderOrNotFound(id, user);
  const back = user.role === "admin" ? DASHBOARD_ITEMS.manageOrders : DASHBOARD_ITEMS.myOrders;
  return (
    <>
      <p className="text-sm">
        <Link href={back.href} className="text-brand-700 underline">
          {back.label}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Order {order.number}</h1>
      <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </dd>
        <dt className="font-medium">Status</dt>
        <dd className="capitalize" data-testid="order-status">{order.status}</dd>
        <dt className="font-medium">Payment</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[order.paymentMethod]}, <span data-testid="payment-status">{order.paymentStatus}</span>
        </dd>
      </dl>

      <div className="relative mt-6 overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <caption className="sr-only">The order&apos;s parts</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="px-2 py-2">Part</th>
              <th scope="col" className="px-2 py-2 text-right">Unit price</th>
              <th scope="col" className="px-2 py-2 text-right">Quantity</th>
              <th scope="col" className="px-2 py-2 text-right">Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.partId} className="border-b border-slate-200">
                <th scope="row" className="px-2 py-2 font-medium">{line.partsname}</th>
                <td className="px-2 py-2 text-right">{formatPrice(line.unitPrice)}</td>
                <td className="px-2 py-2 text-right">{line.quantity}</td>
                <td className="px-2 py-2 text-right">{formatPrice(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="px-2 py-1 text-right font-medium">Subtotal</th>
              <td className="px-2 py-1 text-right">{formatPrice(order.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="px-2 py-1 text-right font-medium">
                Delivery ({order.deliveryMethod}{order.deliveryBy ? `, by ${formatDate(order.deliveryBy)}` : ""})
              </th>
              <td className="px-2 py-1 text-right">{order.deliveryPrice === 0 ? "Free" : formatPrice(order.deliveryPrice)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="px-2 py-1 text-right font-bold">Total</th>
              <td className="px-2 py-1 text-right font-bold" data-testid="order-total">{formatPrice(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <section aria-labelledby="deliver-to" className="mt-6">
        <h2 id="deliver-to" className="text-lg font-semibold">Delivery address</h2>
        <address className="mt-1 text-sm not-italic">
          {order.name}
          <br />
          {order.address}
          <br />
          {order.phone}
        </address>
      </section>

      {order.paymentMethod === "bank-transfer" && order.paymentStatus === "unpaid" && order.status !== "cancelled" ? <TransferInstructions order={order} /> : null}

      {user.role === "admin" ? <OrderMails orderId={order._id} mails={await mailsOfOrder(order._id)} note={mailNote((await searchParams).mail)} /> : null}
    </>
  );
}

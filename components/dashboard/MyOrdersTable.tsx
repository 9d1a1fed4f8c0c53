"use client";

import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/site/api-client";
import { PAYMENT_METHOD_LABELS, PAYMENT_NOTE } from "@/lib/orders/payments";
import type { PaymentMethod } from "@/models/Order";
import { formatDate, formatPrice } from "@/lib/site/format";

/** One line of an order as the table shows it; inCatalogue: the part still exists, so its name links to its page. */
export type MyOrderLine = { partId: string; partsname: string; quantity: number; inCatalogue: boolean };
export type MyOrderRow = { _id: string; number: string; lines: MyOrderLine[]; total: number; paymentMethod: PaymentMethod; paymentStatus: string; status: string; createdAt: string };

/**
 * What a customer can still do with an order in each status, as the server allows it: delete only
 * while it is placed (DELETE /orders/{id} answers 409 after that), pay while it is on its way.
 */
const ACTIONS: Record<string, { pay: boolean; remove: boolean }> = {
  placed: { pay: true, remove: true },
  shipped: { pay: true, remove: false },
};
const NO_ACTIONS = { pay: false, remove: false };

/** SPEC's Payment button: an unpaid bank transfer's leads to how to pay it; otherwise there is nothing to pay here. */
function PaymentAction({ order }: { order: MyOrderRow }) {
  if (order.paymentMethod === "bank-transfer" && order.paymentStatus === "unpaid") {
    return (
      <Link href={`/dashboard/my-orders/${order._id}#pay-by-transfer`} aria-label={`Payment of order ${order.number}`} className="rounded border border-brand-700 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50">
        Payment
      </Link>
    );
  }
  return (
    <button type="button" disabled title={PAYMENT_NOTE} aria-describedby="payment-note" className="rounded border border-slate-300 px-3 py-1 text-slate-500 disabled:cursor-not-allowed">
      Payment
    </button>
  );
}

function OrderActions({ order, deleting, onDelete }: { order: MyOrderRow; deleting: boolean; onDelete: () => void }) {
  const { pay, remove } = ACTIONS[order.status] ?? NO_ACTIONS;
  if (!pay && !remove) return <span className="block text-right text-slate-500">No actions</span>;
  return (
    <div className="flex justify-end gap-2">
      {pay ? <PaymentAction order={order} /> : null}
      {remove ? (
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete order ${order.number}`}
          className="rounded bg-red-700 px-3 py-1 font-medium text-white hover:bg-red-800 disabled:opacity-60"
        >
          {deleting ? "Deleting…" : "Delete"}
        </button>
      ) : null}
    </div>
  );
}

type Props = {
  /** One page of the customer's orders, newest first. */
  initialOrders: MyOrderRow[];
  page: number;
  firstPageHref: string;
  /** Whether the customer has orders on other pages, so an empty page does not mean "no orders". */
  hasOtherPages: boolean;
};

/** The customer's orders, each linking to its own page, with the actions its status allows; Delete confirms, calls DELETE /orders/{id} and removes the row only when the server deleted it. */
export function MyOrdersTable({ initialOrders, page, firstPageHref, hasOtherPages }: Props) {
  const [orders, setOrders] = useState(initialOrders);
  const [deleting, setDeleting] = useState<string | null>(null);
  // A new server render (another ?page=, or the same page again) brings new rows: show them, not the old state.
  const [shown, setShown] = useState(initialOrders);
  if (shown !== initialOrders) {
    setShown(initialOrders);
    setOrders(initialOrders);
  }

  async function remove(order: MyOrderRow) {
    if (!window.confirm("are you sure want to delete")) return;
    setDeleting(order._id);
    const reply = await callApi("DELETE", `/orders/${encodeURIComponent(order._id)}`);
    setDeleting(null);
    const deletedCount = typeof reply.body.deletedCount === "number" ? reply.body.deletedCount : 0;
    if (reply.ok && deletedCount > 0) {
      toast.success("Deleted succesfuly");
      setOrders((rows) => rows.filter((row) => row._id !== order._id));
    } else {
      toast.error("The order was not deleted", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
    }
  }

  if (orders.length === 0 && hasOtherPages) {
    return (
      <p className="mt-4 text-slate-700">
        There are no orders on page {page}.{" "}
        <Link href={firstPageHref} className="font-medium text-brand-700 underline">
          Go to page 1
        </Link>
        .
      </p>
    );
  }

  if (orders.length === 0) {
    return (
      <p className="mt-4 text-slate-700">
        You have no orders yet.{" "}
        <Link href="/parts" className="font-medium text-brand-700 underline">
          Browse the catalogue
        </Link>{" "}
        to find the parts you need.
      </p>
    );
  }

  return (
    <>
      <p id="payment-note" className="mt-2 text-sm text-slate-700">
        {PAYMENT_NOTE}
      </p>
      {/* relative: the sr-only texts (position: absolute) stay inside the scroll box instead of widening the page on phones. */}
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="px-2 py-2">Order</th>
              <th scope="col" className="px-2 py-2">Product ID</th>
              <th scope="col" className="px-2 py-2">Name</th>
              <th scope="col" className="px-2 py-2 text-right">Quantity</th>
              <th scope="col" className="px-2 py-2 text-right">Price</th>
              <th scope="col" className="px-2 py-2">Payment</th>
              <th scope="col" className="px-2 py-2">Status</th>
              <th scope="col" className="px-2 py-2">Date</th>
              <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id} className="border-b border-slate-200 align-top">
                <th scope="row" className="px-2 py-2 font-medium whitespace-nowrap">
                  <Link href={`/dashboard/my-orders/${order._id}`} className="text-brand-700 underline">
                    {order.number}
                  </Link>
                </th>
                {/* One entry per line in each column, so a line reads across the row. */}
                <td className="px-2 py-2 font-mono text-xs">
                  <ul>
                    {order.lines.map((line) => (
                      <li key={line.partId}>{line.partId}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-2 py-2">
                  <ul>
                    {order.lines.map((line) => (
                      <li key={line.partId}>
                        {line.inCatalogue ? (
                          <Link href={`/parts/${line.partId}`} className="hover:underline">
                            {line.partsname}
                          </Link>
                        ) : (
                          line.partsname
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-2 py-2 text-right">
                  <ul>
                    {order.lines.map((line) => (
                      <li key={line.partId}>{line.quantity}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-2 py-2 text-right">{formatPrice(order.total)}</td>
                <td className="px-2 py-2">
                  {PAYMENT_METHOD_LABELS[order.paymentMethod]}, <span className="capitalize">{order.paymentStatus}</span>
                </td>
                <td className="px-2 py-2 capitalize">{order.status}</td>
                <td className="px-2 py-2 whitespace-nowrap">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                </td>
                <td className="px-2 py-2">
                  <OrderActions order={order} deleting={deleting === order._id} onDelete={() => remove(order)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

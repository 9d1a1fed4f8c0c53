"use client";

import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/site/api-client";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";
import type { PaymentMethod } from "@/models/Order";
import { formatDate, formatPrice } from "@/lib/site/format";

/** One line of an order as the table shows it; inCatalogue: the part still exists, so its name links to its page. */
export type MyOrderLine = { partId: string; partsname: string; quantity: number; inCatalogue: boolean };
export type MyOrderRow = { _id: string; number: string; lines: MyOrderLine[]; total: number; paymentMethod: PaymentMethod; paymentStatus: string; status: string; createdAt: string };

/** A customer may delete an order only while it is placed (DELETE /orders/{id} answers 409 after that). */
function DeleteAction({ order, deleting, onDelete }: { order: MyOrderRow; deleting: boolean; onDelete: () => void }) {
  if (order.status !== "placed") return <span className="block text-right text-slate-500">No actions</span>;
  return (
    <div className="flex justify-end">
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={`Delete order ${order.number}`}
        className="rounded bg-red-700 px-3 py-1 font-medium text-white hover:bg-red-800 disabled:opacity-60"
      >
        {deleting ? "Deleting…" : "Delete"}
      </button>
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
    // relative: the sr-only texts (position: absolute) stay inside the scroll box instead of widening the page on phones.
    <div className="relative mt-4 overflow-x-auto">
      <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
        <caption className="sr-only">Your orders, newest first</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="px-2 py-2">Order</th>
            <th scope="col" className="px-2 py-2">Date</th>
            <th scope="col" className="px-2 py-2">Parts</th>
            <th scope="col" className="px-2 py-2 text-right">Total</th>
            <th scope="col" className="px-2 py-2">Payment</th>
            <th scope="col" className="px-2 py-2">Status</th>
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
              <td className="px-2 py-2 whitespace-nowrap">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
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
                      )}{" "}
                      × {line.quantity}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-2 py-2 text-right">{formatPrice(order.total)}</td>
              <td className="px-2 py-2">
                {PAYMENT_METHOD_LABELS[order.paymentMethod]}, <span className="capitalize">{order.paymentStatus}</span>
              </td>
              <td className="px-2 py-2 capitalize">{order.status}</td>
              <td className="px-2 py-2">
                <DeleteAction order={order} deleting={deleting === order._id} onDelete={() => remove(order)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

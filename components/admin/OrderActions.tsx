"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/site/api-client";
import type { OrderStatus } from "@/models/Order";

const FORWARD: Partial<Record<OrderStatus, { to: OrderStatus; label: string }>> = {
  placed: { to: "shipped", label: "Mark shipped" },
  shipped: { to: "delivered", label: "Mark delivered" },
};

/**
 * Manage All Orders: mark a bank transfer paid, move an order forward, or cancel it after a
 * confirmation (its lines go back in stock).
 */
export function OrderActions({ orderId, status, awaitsTransfer, label }: { orderId: string; status: OrderStatus; awaitsTransfer: boolean; label: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const forward = FORWARD[status];
  const cancellable = status === "placed" || status === "shipped";
  if (!forward && !cancellable && !awaitsTransfer) return <span className="text-slate-500">—</span>;

  async function change(body: { status: OrderStatus } | { paymentStatus: "paid" }, done: string) {
    setPending(true);
    const reply = await callApi("PATCH", `/orders/${orderId}`, body);
    setPending(false);
    if (reply.ok && reply.body.success) toast.success(messageOf(reply, done));
    else toast.error(messageOf(reply, "The order could not be changed."));
    router.refresh();
  }

  async function move(to: OrderStatus) {
    if (to === "cancelled" && !window.confirm(`Cancel ${label}? Its parts go back in stock.`)) return;
    await change({ status: to }, `Order marked ${to}.`);
  }

  const button = "rounded px-3 py-1 text-sm font-semibold disabled:opacity-60";
  return (
    <div className="flex flex-wrap gap-2">
      {awaitsTransfer ? (
        <button type="button" disabled={pending} onClick={() => void change({ paymentStatus: "paid" }, "Order marked paid.")} className={`${button} border border-green-800 text-green-900 hover:bg-green-50`}>
          Mark paid
        </button>
      ) : null}
      {forward ? (
        <button type="button" disabled={pending} onClick={() => void move(forward.to)} className={`${button} bg-brand-700 text-white hover:bg-brand-900`}>
          {forward.label}
        </button>
      ) : null}
      {cancellable ? (
        <button type="button" disabled={pending} onClick={() => void move("cancelled")} className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

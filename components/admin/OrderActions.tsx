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

/** Manage All Orders: move an order forward, or cancel it after a confirmation (its quantity goes back in stock). */
export function OrderActions({ orderId, status, label }: { orderId: string; status: OrderStatus; label: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const forward = FORWARD[status];
  const cancellable = status === "placed" || status === "shipped";
  if (!forward && !cancellable) return <span className="text-slate-500">—</span>;

  async function move(to: OrderStatus) {
    if (to === "cancelled" && !window.confirm(`Cancel the order of ${label}? Its quantity goes back in stock.`)) return;
    setPending(true);
    const reply = await callApi("PATCH", `/orders/${orderId}`, { status: to });
    setPending(false);
    if (reply.ok && reply.body.success) toast.success(messageOf(reply, `Order marked ${to}.`));
    else toast.error(messageOf(reply, "The order could not be changed."));
    router.refresh();
  }

  const button = "rounded px-3 py-1 text-sm font-semibold disabled:opacity-60";
  return (
    <div className="flex flex-wrap gap-2">
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

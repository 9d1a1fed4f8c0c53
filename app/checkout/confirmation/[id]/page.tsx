import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { OrderLines, OrderTotals } from "@/components/checkout/OrderLines";
import { PaymentInstructions } from "@/components/checkout/PaymentInstructions";
import { requireUserPage } from "@/lib/auth/guards";
import { ownOrder } from "@/lib/checkout/confirmation";
import { DELIVERY_LABELS } from "@/lib/checkout/delivery";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { DeliveryAndPayment } from "@/components/checkout/DeliveryAndPayment";

export const metadata: Metadata = { title: "Order confirmation", robots: { index: false } };

/** The order just placed, for its owner only (anyone else gets the same 404 as an unknown id). */
export default async function ConfirmationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUserPage(`/checkout/confirmation/${encodeURIComponent(id)}`);
  const order = await ownOrder(user.email, id);
  if (!order) notFound();
  const settings = order.paymentMethod === "bank-transfer" ? await readShopSettings() : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Thank you for your order</h1>
        <p className="mt-2 text-lg">
          Your order number is <strong>{order.number}</strong>.
        </p>
      </div>
      {settings && order.paymentReference ? (
        <PaymentInstructions total={order.total} reference={order.paymentReference} accountName={settings.bankAccountName} iban={settings.bankIban} bic={settings.bankBic} holdDays={settings.unpaidTransferDays} />
      ) : null}
      <section aria-labelledby="confirmation-parts" className="rounded-lg border border-slate-200 p-4">
        <h2 id="confirmation-parts" className="mb-2 text-lg font-semibold">
          Parts
        </h2>
        <OrderLines lines={order.lines} caption={`The parts of order ${order.number}`} />
        <OrderTotals subtotal={order.subtotal} deliveryLabel={DELIVERY_LABELS[order.deliveryMethod]} deliveryPrice={order.deliveryPrice} deliveryBy={order.deliveryBy} total={order.total} />
      </section>
      <DeliveryAndPayment headingId="confirmation-delivery" name={order.name} address={order.address} phone={order.phone} paymentMethod={order.paymentMethod} />
      <p>
        Follow your order in{" "}
        <Link href={DASHBOARD_ITEMS.myOrders.href} className="font-medium text-brand-700 underline">
          {DASHBOARD_ITEMS.myOrders.label}
        </Link>
        .
      </p>
    </div>
  );
}

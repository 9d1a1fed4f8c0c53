import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";
import type { PaymentMethod } from "@/models/Order";

type Props = { headingId: string; name: string; address: string; phone: string; paymentMethod: PaymentMethod };

/** Where an order goes and how it is paid, as the review and the confirmation show it. */
export function DeliveryAndPayment({ headingId, name, address, phone, paymentMethod }: Props) {
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Deliver to
        </h2>
        <p>{name}</p>
        <p>{address}</p>
        <p>{phone}</p>
      </div>
      <div>
        <h2 className="text-lg font-semibold">Payment</h2>
        <p>{PAYMENT_METHOD_LABELS[paymentMethod]}</p>
      </div>
    </section>
  );
}

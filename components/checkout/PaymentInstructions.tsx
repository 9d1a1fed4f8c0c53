import { formatPrice } from "@/lib/site/format";

type Props = { total: number; reference: string; accountName: string; iban: string; bic: string; holdDays: number };

/** What a bank transfer needs: the amount, the reference to quote and the shop's account. */
export function PaymentInstructions({ total, reference, accountName, iban, bic, holdDays }: Props) {
  return (
    <section aria-labelledby="pay-by-transfer" className="rounded-lg border border-brand-700 bg-brand-50 p-4">
      <h2 id="pay-by-transfer" className="text-lg font-semibold">
        Pay by bank transfer
      </h2>
      <p className="mt-1 text-sm">
        Transfer {formatPrice(total)} within {holdDays} days, quoting the payment reference, or the order is cancelled. We send the parts once the money arrives.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Payment reference</dt>
        <dd className="font-mono font-semibold" data-testid="payment-reference">
          {reference}
        </dd>
        <dt>Account name</dt>
        <dd>{accountName}</dd>
        <dt>IBAN</dt>
        <dd className="font-mono">{iban}</dd>
        <dt>BIC</dt>
        <dd className="font-mono">{bic}</dd>
        <dt>Amount</dt>
        <dd>{formatPrice(total)}</dd>
      </dl>
    </section>
  );
}

import type { FitStatus, FitVerdict } from "@/lib/garage/fit";

const STYLES: Record<FitStatus, string> = {
  fits: "bg-green-100 text-green-900",
  "does-not-fit": "bg-red-100 text-red-900",
  "no-data": "bg-slate-100 text-slate-800",
};
const MARKS: Record<FitStatus, string> = { fits: "✓", "does-not-fit": "✕", "no-data": "?" };

/** Whether a part fits the customer's vehicle: "Fits your …", "Does not fit your …" or "No fitment data". */
export function FitBadge({ verdict }: { verdict: FitVerdict }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className={`self-start rounded-full px-3 py-1 text-sm font-semibold ${STYLES[verdict.status]}`} data-fit={verdict.status}>
        <span aria-hidden="true">{MARKS[verdict.status]} </span>
        {verdict.text}
      </p>
      {verdict.detail ? <p className="text-xs text-slate-700">{verdict.detail}</p> : null}
    </div>
  );
}

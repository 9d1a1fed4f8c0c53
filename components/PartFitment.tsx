import Link from "next/link";
import type { ApplicationView, FitmentView } from "@/lib/fitment/queries";

/** "1.8 i-VTEC, front: note"; empty when the application is the whole model, every position. */
export function applicationText(application: ApplicationView): string {
  const what = [application.engine, application.position].filter(Boolean).join(", ");
  return [what, application.note].filter(Boolean).join(": ");
}

/** One model year a part fits: a link to the vehicle's page and what the fitment says about engines and positions. */
export function FitmentItem({ fit }: { fit: FitmentView }) {
  const details = fit.applications.map(applicationText).filter(Boolean);
  return (
    <li>
      <Link href={fit.path} className="underline">
        {fit.label}
      </Link>
      {details.length > 0 ? <span className="text-slate-700">{` (${details.join("; ")})`}</span> : null}
    </li>
  );
}

type Props = { partId: string; universal: boolean; fits: FitmentView[]; total: number };

/** A part page's "Fits these vehicles": the first model years, a link to them all, or why there are none. */
export function PartFitment({ partId, universal, fits, total }: Props) {
  return (
    <section aria-labelledby="part-fitment">
      <h2 id="part-fitment" className="text-lg font-semibold">
        Fits these vehicles
      </h2>
      {universal ? <p className="mt-2 text-sm">Universal part: fits every vehicle.</p> : null}
      {!universal && total === 0 ? <p className="mt-2 text-sm text-slate-700">No fitment data: check the part numbers against your vehicle&apos;s.</p> : null}
      {fits.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {fits.map((fit) => (
            <FitmentItem key={`${fit.year}/${fit.make}/${fit.model}`} fit={fit} />
          ))}
        </ul>
      ) : null}
      {total > fits.length ? (
        <p className="mt-2 text-sm">
          <Link href={`/parts/${partId}/vehicles`} className="font-semibold text-brand-700 underline">
            {`All ${total} vehicles this part fits`}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

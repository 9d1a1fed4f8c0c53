import Link from "next/link";
import { GARAGE_FORM_PATH, SELECTOR_PATH } from "@/lib/garage/paths";

type Props = {
  /** The vehicle's name, "2015 Honda Civic". */
  label: string;
  /** What the page shows of it: "Showing the parts that fit it." */
  note: string;
  links: { href: string; label: string }[];
  /** Where forgetting the vehicle comes back to. */
  next: string;
};

/**
 * The vehicle the customer shops for, on the pages it changes: links to see every part or only the
 * fitting ones, to choose another, and a form (no JavaScript needed) to forget it.
 */
export function VehicleBar({ label, note, links, next }: Props) {
  return (
    <section aria-label="Your vehicle" className="mt-6 flex flex-col gap-2 rounded-lg border border-brand-700/30 bg-brand-50 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
      <p className="text-slate-900">
        Shopping for your <strong>{label}</strong>. {note}
      </p>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {links.map((link) => (
          <Link key={link.href} href={link.href} prefetch={false} className="font-medium text-brand-700 underline">
            {link.label}
          </Link>
        ))}
        <Link href={SELECTOR_PATH} prefetch={false} className="font-medium text-brand-700 underline">
          Change vehicle
        </Link>
        <form action={GARAGE_FORM_PATH} method="post">
          <input type="hidden" name="intent" value="forget" />
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="font-medium text-brand-700 underline">
            Forget this vehicle
          </button>
        </form>
      </div>
    </section>
  );
}

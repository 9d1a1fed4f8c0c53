import { PartCard } from "@/components/PartCard";
import type { PartView } from "@/lib/catalogue/views";
import type { FitVerdict } from "@/lib/garage/fit";
import type { Range } from "@/lib/search/highlight";

/** A page of part cards, three across on wide screens; the first row's pictures load first. `fit` and `highlights` (a search's matched words): by part id. */
export function PartGrid({ parts, fit, highlights }: { parts: PartView[]; fit?: Map<string, FitVerdict>; highlights?: Map<string, Range[]> }) {
  if (parts.length === 0) return null;
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {parts.map((part, i) => (
        <li key={part._id} className="flex">
          <PartCard part={part} headingLevel="h2" priority={i < 3} fit={fit?.get(part._id)} highlight={highlights?.get(part._id)} />
        </li>
      ))}
    </ul>
  );
}

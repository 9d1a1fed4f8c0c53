import { PartCard } from "@/components/PartCard";
import type { PartView } from "@/lib/catalogue/views";

/** A page of part cards, three across on wide screens; the first row's pictures load first. */
export function PartGrid({ parts }: { parts: PartView[] }) {
  if (parts.length === 0) return null;
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {parts.map((part, i) => (
        <li key={part._id} className="flex">
          <PartCard part={part} headingLevel="h2" priority={i < 3} />
        </li>
      ))}
    </ul>
  );
}

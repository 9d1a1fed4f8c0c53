import "server-only";
import { listHead } from "@/lib/search/list-heads";
import { readsNumberPrefix } from "@/lib/search/plan";
import { compactNumber, isPartNumber, numberQueryOf } from "@/lib/vocabulary/part-numbers";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Highlight, Suggestion } from "@/lib/validation/suggestions";
import { Part } from "@/models/Part";

// Part numbers: a text that could be one (letters and digits, with a digit, at least 4 of them
// once the punctuation is gone, as the search reads a number's beginning) is looked up in the
// search's part-number lists, the whole number's then the beginnings' (their heads, as the search
// reads them: lib/search/list-heads.ts), PER_KIND of each, and shown as the part's own number as printed, with the typed part marked.

const PER_KIND = 3;

type NumberedPart = { _id: unknown; partsname: string; mpn?: string; sku?: string; gtin?: string; oemNumbers?: string[] };

/** The printed number's characters that the typed compact number covers: its letters and digits, punctuation between them included. */
function numberHighlight(printed: string, typedLength: number): Highlight {
  let covered = 0;
  let end = 0;
  for (const character of printed) {
    end += character.length;
    covered += compactNumber(character).length;
    if (covered >= typedLength) break;
  }
  return { start: 0, end };
}

export async function partNumberSuggestions(q: string): Promise<Suggestion[]> {
  const text = q.trim();
  const compact = numberQueryOf(text);
  if (!compact || !isPartNumber(text) || !readsNumberPrefix(compact)) return [];
  const [exact, beginning] = await Promise.all([listHead("number", compact), listHead("number-prefix", compact)]);
  const ids = [...new Set([...exact.entries.slice(0, PER_KIND), ...beginning.entries.slice(0, PER_KIND)].map((entry) => entry.id))].slice(0, PER_KIND);
  const parts = await findEachById<NumberedPart>(Part, ids, { partsname: 1, mpn: 1, sku: 1, gtin: 1, oemNumbers: 1 });
  return parts.flatMap((part) => {
    const number = [part.mpn, part.sku, part.gtin, ...(part.oemNumbers ?? [])].find((printed) => printed && compactNumber(printed).startsWith(compact));
    if (!number) return [];
    return [{ kind: "part-number", label: `${number} – ${part.partsname}`, href: `/parts/${String(part._id)}`, highlights: [numberHighlight(number, compact.length)] }];
  });
}

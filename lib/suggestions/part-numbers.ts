import "server-only";
import { numberList } from "@/lib/catalogue/lists";
import { compactNumber, isPartNumber } from "@/lib/vocabulary/part-numbers";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Highlight, Suggestion } from "@/lib/validation/suggestions";
import { Part } from "@/models/Part";

// Part numbers: a text that could be one (letters and digits, with a digit, at least
// MIN_NUMBER_LENGTH of them once the punctuation is gone) is looked up in the part-number lists, a
// page of at most PER_KIND, and shown as the part's own number as printed, with the typed part marked.

const MIN_NUMBER_LENGTH = 4;
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
  const compact = compactNumber(text);
  if (!isPartNumber(text) || !/\p{N}/u.test(text) || compact.length < MIN_NUMBER_LENGTH) return [];
  const { entries } = await numberList(compact).page({ offset: 0, limit: PER_KIND });
  const parts = await findEachById<NumberedPart>(Part, entries.map((entry) => entry.id), { partsname: 1, mpn: 1, sku: 1, gtin: 1, oemNumbers: 1 });
  return parts.flatMap((part) => {
    const number = [part.mpn, part.sku, part.gtin, ...(part.oemNumbers ?? [])].find((printed) => printed && compactNumber(printed).startsWith(compact));
    if (!number) return [];
    return [{ kind: "part-number", label: `${number} – ${part.partsname}`, href: `/parts/${String(part._id)}`, highlights: [numberHighlight(number, compact.length)] }];
  });
}

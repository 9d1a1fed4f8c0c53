import "server-only";
import { planQuery } from "@/lib/search/search";
import { searchWords } from "@/lib/search/terms";
import { connectDb } from "@/lib/storage/connect";
import { withoutControlCharacters } from "@/lib/validation/common";
import { MAX_SUGGESTIONS, MIN_SUGGESTION_QUERY_LENGTH, type Suggestion } from "@/lib/validation/suggestions";
import { brandSuggestions, categorySuggestions } from "@/lib/suggestions/facets";
import { partNumberSuggestions } from "@/lib/suggestions/part-numbers";
import { partSuggestions } from "@/lib/suggestions/parts";
import { vehicleSuggestions } from "@/lib/suggestions/vehicles";

// What the header's search box offers while a customer types: at most MAX_SUGGESTIONS, the exact
// kinds first (a part number, then the categories, brands and vehicles, at most a few of each: each
// leads to many parts), then parts by name to fill the box. Every source is a page or a small menu,
// read at once, so the answer costs the same whatever the catalogue's size.

/** Parts by name keep this many places however many exact suggestions there are: what most people type is a part. */
const PARTS_KEPT = 2;

export async function suggestionsFor(q: string): Promise<Suggestion[]> {
  const text = withoutControlCharacters(q).trim();
  const typed = searchWords(text);
  if (text.length < MIN_SUGGESTION_QUERY_LENGTH || typed.length === 0) return [];
  await connectDb();
  const plan = await planQuery(text);
  const [numbers, categories, brands, vehicles, parts] = await Promise.all([
    partNumberSuggestions(text),
    categorySuggestions(plan),
    brandSuggestions(plan),
    vehicleSuggestions(typed),
    partSuggestions(plan, MAX_SUGGESTIONS),
  ]);
  const exact = [...numbers, ...categories, ...brands, ...vehicles];
  // A part already offered by its number is not offered again by its name.
  const offered = new Set(numbers.map((suggestion) => suggestion.href));
  const byName = parts.filter((part) => !offered.has(part.href)).slice(0, Math.max(MAX_SUGGESTIONS - exact.length, PARTS_KEPT));
  return [...exact.slice(0, MAX_SUGGESTIONS - byName.length), ...byName];
}

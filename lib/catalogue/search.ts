import { MAX_SEARCH_LENGTH } from "@/lib/catalogue/query-string";
import { withoutControlCharacters } from "@/lib/validation/common";

/** Makes user text match itself literally: every regex metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * Name-or-description filter for a search text. The text is escaped and passed as a RegExp
 * object (not a `$regex` operator object), so it is never run as a pattern or an operator.
 */
export function searchFilter(q: string | undefined) {
  // A search is read, not stored: its control characters are dropped (a NUL in a pattern is an error in the database).
  const text = withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return {};
  const pattern = new RegExp(escapeRegex(text), "i");
  // sanitizeFilter lets $or through and a RegExp has no operator keys, so nothing here needs trusted().
  return { $or: [{ partsname: pattern }, { description: pattern }] };
}

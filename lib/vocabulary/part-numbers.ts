import { foldText } from "@/lib/vocabulary/names";

// A part's numbers as people type them: "BP-1234 A", "bp1234a" and "BP 1234A" are one number, so
// numbers are stored as the admin wrote them and matched by their compact form.

export const MAX_PART_NUMBER_LENGTH = 40;
/** Compact forms shorter than this would match a stray "12" typed into the search box. */
export const MIN_PART_NUMBER_LENGTH = 3;
/** OEM and interchange numbers one part may carry: enough for a part sold under many car makers' numbers. */
export const MAX_OEM_NUMBERS = 20;

/** A number's letters and digits only, lower-cased with accents folded: how numbers are matched. */
export function compactNumber(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Letters and digits, with the dashes, dots, slashes and spaces catalogues print between them. */
const PART_NUMBER_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

export const isPartNumber = (text: string): boolean => PART_NUMBER_CHARACTERS.test(text) && compactNumber(text).length >= MIN_PART_NUMBER_LENGTH;

/** A GTIN as digits: the spaces and dashes of a printed barcode number taken out. */
export const gtinDigits = (text: string): string => text.replace(/[\s-]+/g, "");

/** GTIN-8, -12 (UPC), -13 (EAN) or -14, with its check digit right. */
export function isValidGtin(text: string): boolean {
  const digits = gtinDigits(text);
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false;
  // GS1 check digit: weights 3 and 1 alternate from the digit left of the check digit.
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

export type PartNumbers = { mpn?: string | null; sku?: string | null; gtin?: string | null; oemNumbers?: readonly string[] | null };

/** Every number a part is found by, compact and without repeats. */
export function partNumbersOf(part: PartNumbers): string[] {
  const numbers = [part.mpn, part.sku, part.gtin, ...(part.oemNumbers ?? [])].filter((number): number is string => Boolean(number));
  return [...new Set(numbers.map(compactNumber).filter((number) => number.length >= MIN_PART_NUMBER_LENGTH))];
}

/** The compact number a search text would be, when it could be one. */
export function numberQueryOf(q: string): string | null {
  const compact = compactNumber(q);
  return compact.length >= MIN_PART_NUMBER_LENGTH && compact.length <= MAX_PART_NUMBER_LENGTH ? compact : null;
}

/** A number typed from its first characters finds its part from this many. */
export const MIN_NUMBER_PREFIX_LENGTH = 4;
/** Longer beginnings are typed whole, or pasted: a number's prefixes stop here, so a part costs a bounded number of lists. */
const MAX_NUMBER_PREFIX_LENGTH = 12;

/**
 * The beginnings a part's MPN, SKU and OEM numbers are found by, compact, shorter than the number
 * itself (the whole number is its own list). Not the GTIN: its first digits name the maker, not the part.
 */
export function numberPrefixesOf(part: PartNumbers): string[] {
  const prefixes = new Set<string>();
  for (const number of [part.mpn, part.sku, ...(part.oemNumbers ?? [])]) {
    const compact = compactNumber(number ?? "");
    for (let length = MIN_NUMBER_PREFIX_LENGTH; length < Math.min(compact.length, MAX_NUMBER_PREFIX_LENGTH + 1); length++) prefixes.add(compact.slice(0, length));
  }
  return [...prefixes];
}

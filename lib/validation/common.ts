import { z } from "@/lib/validation/zod";

// Building blocks shared by the form schemas. Every field has a strict type, so an
// object such as {"$gt": ""} where a string or number belongs is refused, never queried.

export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

/**
 * The emails the shop accepts (SPEC 5's pattern, one "@", no spaces), narrowed to characters that
 * travel in a URL path unencoded; isPlainEmail checks it and OpenAPI documents it. Dots only
 * between characters, on both sides of the "@": "alice@example.com." (the same mail domain),
 * ".alice@…" or "alice@example..com" would be a second account that looks like the first.
 */
export const EMAIL_DOC_PATTERN =
  "^(?:[A-Za-z0-9_+-]+\\.)*[A-Za-z0-9_+-]*[A-Za-z0-9]@[A-Za-z]+\\.[A-Za-z]{2,3}(?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$";
const PLAIN_EMAIL = new RegExp(EMAIL_DOC_PATTERN);

export const objectId = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) }).regex(OBJECT_ID_PATTERN, `${label} must be an id of 24 hexadecimal characters`);

// The one text rule of every stored text: control characters (NUL, escape, the C1 block…) have
// no place in a name, an email or an address, break databases and logs, and are refused with a
// 400. So are the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069):
// they make a name or review read as other text than it holds ("Trojan Source"). Only multi-line
// text (descriptions, reviews) keeps its line breaks and tabs.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const CONTROL_CHARACTER_MESSAGE = "Must not contain control characters";

/** Every control character of a text, for texts that are read rather than stored (a search). */
export const withoutControlCharacters = (text: string): string => text.replace(new RegExp(CONTROL_CHARACTERS, "g"), "");

type TextOptions = { multiline?: boolean };

/** Text as stored: bounded and free of control characters (line breaks only when `multiline`). */
export const plainText = (max: number, { multiline = false }: TextOptions = {}, error?: string) =>
  z
    .string({ error })
    .refine((text) => !(multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(text), CONTROL_CHARACTER_MESSAGE)
    .max(max, `Must be ${max} characters or fewer`);

/** Required text: trimmed, not empty, bounded, plain. */
export const requiredText = (max: number, required: string, options?: TextOptions) => plainText(max, options, required).regex(/\S/, required).trim().min(1, required);

/** Optional text: trimmed, bounded, plain; "" clears it. */
export const optionalText = (max: number, options?: TextOptions) => plainText(max, options).trim().optional();

/** A trimmed http(s) link of at most 2048 characters (no javascript: or data: URLs reach a page); documented as such for API clients. */
export const httpUrlField = (error: string) =>
  plainText(2048, {}, error)
    .trim()
    .meta({ format: "uri", pattern: "^\\s*[hH][tT][tT][pP][sS]?://" })
    .pipe(z.url({ protocol: /^https?$/, error }));

/**
 * A plain email address: SPEC 5's pattern (letters or digits, @, letters, a dot, 2 or 3 letters)
 * as the minimum, in the shape EMAIL_DOC_PATTERN documents: no spaces, quotes, angle brackets or
 * control characters, one "@".
 */
export const isPlainEmail = (text: string): boolean => PLAIN_EMAIL.test(text);

/** A query parameter holding a whole number (digits only). */
const wholeNumberParam = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** The largest page a list path serves, and the page it serves when the request gives no `limit`. */
export const MAX_PAGE_SIZE = 100;
/** The page size of `?page=` given without `limit`. */
export const PAGE_PARAM_SIZE = 20;
export const MAX_SKIP = 1_000_000;
export const MAX_PAGE = 100_000;

/**
 * ?limit=&skip= or ?limit=&page=. Without `limit`, the first MAX_PAGE_SIZE items: no list is read
 * whole (issue: "every list query uses an index and a limit"); a full page's reply links the next.
 */
export const pagingQuerySchema = z
  .object({
    limit: wholeNumberParam("limit", 1, MAX_PAGE_SIZE).optional(),
    skip: wholeNumberParam("skip", 0, MAX_SKIP).optional(),
    page: wholeNumberParam("page", 1, MAX_PAGE).optional(),
  })
  .refine((q) => q.skip === undefined || q.page === undefined, { message: "Give either skip or page, not both" })
  .transform(({ limit, skip, page }): Paging => {
    if (page !== undefined) {
      const size = limit ?? PAGE_PARAM_SIZE;
      return { limit: size, skip: (page - 1) * size };
    }
    return { limit: limit ?? MAX_PAGE_SIZE, skip: skip ?? 0 };
  });

/** One page of a list: at most `limit` items after the first `skip`. */
export type Paging = { limit: number; skip: number };

/** The query string as a plain object for pagingQuerySchema (a repeated parameter is an error). */
export function queryObject(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(url).searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

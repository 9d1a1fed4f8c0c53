import { z } from "@/lib/validation/zod";

// GET /search/suggestions: what the header's search box asks while a customer types, and the reply.

/** A search box holds no more: the results page reads this much of a search too. */
export const MAX_SUGGESTION_QUERY_LENGTH = 100;
/** Suggestions start from this many characters: one letter would match most of the shop. */
export const MIN_SUGGESTION_QUERY_LENGTH = 2;
/** As many as a phone shows under the box without scrolling. */
export const MAX_SUGGESTIONS = 8;

export const SUGGESTION_KINDS = ["part", "part-number", "category", "brand", "vehicle"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** ?q=: the text typed so far. Shorter than MIN_SUGGESTION_QUERY_LENGTH is no error: the reply is just empty. */
export const suggestionQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? "q is required" : "q must be one text") })
    .min(1, "q must not be empty")
    .max(MAX_SUGGESTION_QUERY_LENGTH, `q must be ${MAX_SUGGESTION_QUERY_LENGTH} characters or fewer`),
});

const highlightSchema = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .meta({ id: "SuggestionHighlight", description: "Characters `start` (included) to `end` (excluded) of the label match what was typed" });

export const suggestionSchema = z
  .object({
    kind: z.enum(SUGGESTION_KINDS),
    label: z.string(),
    href: z.string().meta({ description: "The page the suggestion leads to, a path on the shop" }),
    highlights: z.array(highlightSchema),
  })
  .meta({ id: "Suggestion" });

export const suggestionsReplySchema = z
  .object({
    query: z.string().meta({ description: "The q these suggestions answer, as received: a client drops an answer to an older q" }),
    suggestions: z.array(suggestionSchema).max(MAX_SUGGESTIONS),
  })
  .meta({ id: "Suggestions" });

export type Suggestion = z.infer<typeof suggestionSchema>;
export type Highlight = z.infer<typeof highlightSchema>;

import { z } from "@/lib/validation/zod";
import { MAX_PAGE_SIZE, objectId, plainText } from "@/lib/validation/common";
import { foldText } from "@/lib/vocabulary/names";

// The admin's synonym groups: phrases that mean one thing to a customer ("rotor", "disc", "brake
// disc"). A phrase is stored as the search folds a word (lower case, accents folded), its words
// joined by one space: what the admin sees in the list is exactly what a search matches.

export const MAX_PHRASE_LENGTH = 40;
export const MIN_GROUP_PHRASES = 2;
export const MAX_GROUP_PHRASES = 12;
/** The list stays the admin's: small enough to be read whole by every search from a process's memory. */
export const MAX_SYNONYM_GROUPS = 500;

/** A phrase as the search folds it: lower case, accents folded, words split on spaces and hyphens and joined by one space. */
export const foldPhrase = (text: string): string =>
  foldText(text)
    .split(/[\s-]+/)
    .filter((word) => word.length > 0)
    .join(" ");

const phraseSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "A phrase is required" : "A phrase must be text") })
  .trim()
  .min(1, "A phrase must not be empty")
  .max(MAX_PHRASE_LENGTH, `A phrase must be ${MAX_PHRASE_LENGTH} characters or fewer`)
  // Refinements, not patterns: a JSON Schema pattern has no Unicode letter class every client understands.
  .refine((text) => /^[\p{L}\p{M}\p{N} -]*$/u.test(text), "A phrase may hold only letters, digits, spaces and hyphens")
  .refine((text) => /[\p{L}\p{N}]/u.test(text), "A phrase needs at least one letter or digit")
  .transform(foldPhrase)
  .meta({ description: "Letters, digits, spaces and hyphens; stored folded (lower case, accents folded, one space between words)", example: "brake disc" });

/** 2 to 12 phrases, none twice once folded ("Rotor" and "rotor" are one phrase). */
export const synonymPhrasesSchema = z
  .array(phraseSchema, { error: "The phrases must be a list of texts" })
  .min(MIN_GROUP_PHRASES, `A group needs at least ${MIN_GROUP_PHRASES} phrases`)
  .max(MAX_GROUP_PHRASES, `A group holds at most ${MAX_GROUP_PHRASES} phrases`)
  .superRefine((phrases, context) => {
    const seen = new Set<string>();
    for (const phrase of phrases) {
      if (seen.has(phrase)) context.addIssue({ code: "custom", message: `"${phrase}" is in this group twice` });
      seen.add(phrase);
    }
  });

const groupVersion = z
  .number({ error: (issue) => (issue.input === undefined ? "The version you changed is required" : "The version must be a number") })
  .int("The version must be a whole number")
  .min(1, "The version must be at least 1")
  .meta({ description: "The version of the group the change was made to (from the group as read): a change to an older version is refused with 409" });

export const synonymGroupNewSchema = z.strictObject({ phrases: synonymPhrasesSchema }).meta({ id: "SynonymGroupNew" });
export const synonymGroupChangeSchema = z.strictObject({ phrases: synonymPhrasesSchema, version: groupVersion }).meta({ id: "SynonymGroupChange" });

export const synonymGroupIdSchema = objectId("The group id");

/** ?version= of a delete: the version the admin saw, so a group changed since is not deleted unseen. */
export const synonymGroupDeleteQuerySchema = z.strictObject({
  version: z
    .string({ error: (issue) => (issue.input === undefined ? "The version you deleted is required" : "Give version once") })
    .regex(/^\d{1,9}$/, "The version must be a whole number")
    .transform(Number)
    .pipe(groupVersion),
});

const typedPhrases = (text: string) => text.split(",").filter((part) => part.trim().length > 0);

/** The dashboard's field: phrases separated by commas. */
export const synonymPhrasesTextSchema = plainText(MAX_GROUP_PHRASES * (MAX_PHRASE_LENGTH + 2), {}, "Type the phrases, separated by commas").transform(typedPhrases).pipe(synonymPhrasesSchema);

/** The dashboard field's first refusal, naming the phrase it is about: "disc/drum": A phrase may hold only… */
export function phrasesTextRefusal(text: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Check the phrases.";
  const index = issue.path[0];
  const phrase = typeof index === "number" ? typedPhrases(text)[index]?.trim() : undefined;
  return phrase ? `"${phrase}": ${issue.message}` : issue.message;
}

export type SynonymGroupNew = z.infer<typeof synonymGroupNewSchema>;
export type SynonymGroupChange = z.infer<typeof synonymGroupChangeSchema>;

export const synonymGroupViewSchema = z
  .object({
    id: z.string().meta({ description: "The group's id: 24 hexadecimal characters" }),
    phrases: z.array(z.string()).meta({ description: "Folded phrases, in the order the admin gave them" }),
    version: z.number().int().meta({ description: "Raised by every change; send it back with a change or delete" }),
  })
  .meta({ id: "SynonymGroup" });

export const synonymGroupListSchema = z.array(synonymGroupViewSchema).max(MAX_PAGE_SIZE).meta({ id: "SynonymGroupList" });
export const synonymGroupSavedSchema = z.object({ success: z.literal(true), message: z.string(), group: synonymGroupViewSchema }).meta({ id: "SynonymGroupSaved" });
export const synonymConflictSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    groupId: z.string().optional().meta({ description: "The group that already holds a phrase of this one" }),
    group: synonymGroupViewSchema.optional().meta({ description: "The group as it is now, when it changed since the version sent" }),
  })
  .meta({ id: "SynonymConflict" });

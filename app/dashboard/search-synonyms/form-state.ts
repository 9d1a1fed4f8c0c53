// What the Search Synonyms forms' actions answer when they do not redirect: the refusal and what
// was typed, so a form drawn again by the server (without JavaScript) keeps it. No server imports:
// the forms use it too.

export type SynonymFormState = { error: string | null; value: string };

export const EMPTY_SYNONYM_FORM: SynonymFormState = { error: null, value: "" };

/** What the page says after a change, by the `done` parameter the action redirected with. */
export const DONE_MESSAGES = {
  added: "The synonym group is added: searches use it now.",
  saved: "The synonym group is saved: searches use it now.",
  deleted: "The synonym group is deleted.",
} as const;

export type Done = keyof typeof DONE_MESSAGES;

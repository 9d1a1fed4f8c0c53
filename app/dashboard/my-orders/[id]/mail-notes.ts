/** What the order page says after a "Send again" (the action's redirect names it in `?mail=`). */
export const MAIL_NOTES = {
  queued: "The mail is queued again.",
  "not-failed": "That mail is sent or queued already.",
  missing: "That mail is not one of this order's.",
  "queue-away": "The mail queue is not reachable just now; nothing was changed. Try again in a moment.",
} as const;
export type MailNote = keyof typeof MAIL_NOTES;

/** The note named in the page's query, when it names one. */
export const mailNote = (value: unknown): MailNote | undefined => (typeof value === "string" && Object.hasOwn(MAIL_NOTES, value) ? (value as MailNote) : undefined);

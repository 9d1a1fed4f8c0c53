import type { MailKind } from "@/models/due-mail";
/** A mail taken off its cause's document: its id is the due mail's _id (also the queue job's id and the mail log's _id). */
export type QueuedMail = { id: string; kind: MailKind; orderId?: string; userId?: string; data?: Record<string, unknown> };
/** What goes to the mail server. */
export type ComposedMail = { to: string; subject: string; text: string; html: string };
/** Reads what the mail needs and writes it; null when there is nothing to send any more (the account or order is gone). */
export type Composer = (mail: QueuedMail) => Promise<ComposedMail | null>;

import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type { ComposedMail } from "@/lib/mail/compose-types";
import { SITE_NAME } from "@/lib/site/site";

// The mail server the shop sends through: SMTP_URL (with-db points it at the embedded Mailpit when
// it is unset), as MAIL_FROM.

const SLOT = Symbol.for("autoparts.mail-transport");

/** Whether mail can be sent from this process. */
export function mailServerConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

/** Who the shop's mail comes from. */
export function mailFrom(): string {
  return process.env.MAIL_FROM?.trim() || `${SITE_NAME} <shop@localhost>`;
}

function transport(): Transporter {
  const slot = globalThis as typeof globalThis & { [SLOT]?: Transporter };
  // A few pooled connections: a burst of mail does not open one connection per mail. Short
  // timeouts: a mail server that does not answer fails the try, and the queue tries again later.
  return (slot[SLOT] ??= nodemailer.createTransport({
    url: process.env.SMTP_URL,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  }));
}

/**
 * The Message-ID of the mail with this id: the same on every try, so a mail server or a reader that
 * got a try whose acknowledgement was lost sees the next one as the same mail.
 */
export function messageIdOf(mailId: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom())?.[1] ?? "localhost";
  return `<${mailId}@${domain}>`;
}

/** Hands the mail to the mail server; throws what it answered when it refused or did not answer. */
export async function deliver(mailId: string, mail: ComposedMail): Promise<void> {
  await transport().sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: messageIdOf(mailId) });
}

/** Closes the pooled connections (server shutdown, tests). */
export function closeTransport(): void {
  const slot = globalThis as typeof globalThis & { [SLOT]?: Transporter };
  slot[SLOT]?.close();
  delete slot[SLOT];
}

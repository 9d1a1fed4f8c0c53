"use server";

import "server-only";
import { redirect } from "next/navigation";
import { requireAdminPage } from "@/lib/auth/guards";
import { ConflictError, NotFoundError, ServiceUnavailableError } from "@/lib/errors";
import { sendMailAgain } from "@/lib/mail/resend";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { sendAgainFormSchema } from "@/lib/validation/mail-log";
import type { MailNote } from "@/app/dashboard/my-orders/[id]/mail-notes";

const orderPage = (orderId: string, note: MailNote) => `${DASHBOARD_ITEMS.myOrders.href}/${orderId}?mail=${note}#mails`;

/** What the admin is told after a send again, in the page's words. */
function noteOf(error: unknown): MailNote {
  if (error instanceof ConflictError) return "not-failed";
  if (error instanceof NotFoundError) return "missing";
  if (error instanceof ServiceUnavailableError) return "queue-away";
  throw error;
}

/** The order page's "Send again" button, with or without JavaScript: queues the failed mail again and comes back with a note. */
export async function sendMailAgainAction(form: FormData): Promise<void> {
  const parsed = sendAgainFormSchema.safeParse({ orderId: form.get("orderId"), mailId: form.get("mailId") });
  // Admin only, checked here as well as by the page: an action can be posted to from anywhere.
  await requireAdminPage(parsed.success ? `${DASHBOARD_ITEMS.myOrders.href}/${parsed.data.orderId}` : DASHBOARD_ITEMS.manageOrders.href);
  if (!parsed.success) redirect(DASHBOARD_ITEMS.manageOrders.href);
  const { orderId, mailId } = parsed.data;
  let note: MailNote = "queued";
  try {
    await sendMailAgain(orderId.toLowerCase(), mailId.toLowerCase());
  } catch (error) {
    note = noteOf(error);
  }
  redirect(orderPage(orderId.toLowerCase(), note));
}

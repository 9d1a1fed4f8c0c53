import { sendMailAgainAction } from "@/app/dashboard/my-orders/[id]/mail-actions";
import { MAIL_NOTES, type MailNote } from "@/app/dashboard/my-orders/[id]/mail-notes";
import type { MailLogView } from "@/lib/mail/mail-log";

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

function State({ mail }: { mail: MailLogView }) {
  if (mail.state === "sent") return <span className="text-green-900">Delivered to the mail server</span>;
  if (mail.state === "failed") return <span className="text-red-800">Failed: {mail.lastError ?? "no reason given"}</span>;
  return <span>{mail.lastError ? `Queued, trying again (try ${mail.attempts} failed: ${mail.lastError})` : "Queued"}</span>;
}

/** The admin's list of an order's mails on the order's page; a failed one can be sent again (a plain form: no JavaScript needed). */
export function OrderMails({ orderId, mails, note }: { orderId: string; mails: MailLogView[]; note?: MailNote }) {
  return (
    <section aria-labelledby="mails" className="mt-8">
      <h2 id="mails" className="text-lg font-semibold">Mails</h2>
      {note ? (
        <p role="status" className="mt-2 text-sm">
          {MAIL_NOTES[note]}
        </p>
      ) : null}
      {mails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No mail has been sent for this order yet.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
            <caption className="sr-only">The mails sent for this order</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-2">Time</th>
                <th scope="col" className="px-2 py-2">Subject</th>
                <th scope="col" className="px-2 py-2">State</th>
                <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} className="border-b border-slate-200" data-testid="order-mail">
                  <td className="px-2 py-2">
                    <time dateTime={mail.sentAt ?? mail.queuedAt}>{dateTime(mail.sentAt ?? mail.queuedAt)}</time>
                  </td>
                  <th scope="row" className="px-2 py-2 font-medium">{mail.subject ?? mail.kind}</th>
                  <td className="px-2 py-2">
                    <State mail={mail} />
                  </td>
                  <td className="px-2 py-2">
                    {mail.state === "failed" ? (
                      <form action={sendMailAgainAction}>
                        <input type="hidden" name="orderId" value={orderId} />
                        <input type="hidden" name="mailId" value={mail.id} />
                        <button type="submit" className="rounded border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                          Send again
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import "server-only";
import { jobsConfigured } from "@/lib/jobs/connection";
import type { Composer } from "@/lib/mail/compose-types";
import { startMailRelay } from "@/lib/mail/relay";
import { mailServerConfigured } from "@/lib/mail/transport";
import { startMailWorker } from "@/lib/mail/worker";

/**
 * Starts this server process's mail relay and worker (instrumentation.ts). Without Redis or a mail
 * server (a server started on its own, not through with-db) mail stays due on its documents until a
 * process that has both queues it.
 */
export function startMail(compose: Composer): void {
  if (!process.env.MONGODB_URI) return;
  if (!jobsConfigured() || !mailServerConfigured()) {
    console.warn(`[mail] ${jobsConfigured() ? "SMTP_URL" : "REDIS_URL (or JOBS_REDIS_URL)"} is not set: no mail is sent from this process (it stays due on its orders and accounts)`);
    return;
  }
  startMailWorker(compose);
  startMailRelay();
}

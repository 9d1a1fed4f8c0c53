import "server-only";
import { jobsConfigured } from "@/lib/jobs/connection";
import { startImportWorker } from "@/lib/imports/queue";

/** Starts this server process's import worker (instrumentation.ts), which also queues again the jobs a stopped process left unfinished. */
export function startImports(): void {
  if (!process.env.MONGODB_URI || !jobsConfigured()) return;
  startImportWorker().catch((error: unknown) => console.warn(`[imports] could not queue the unfinished imports: ${error instanceof Error ? error.message : String(error)}`));
}

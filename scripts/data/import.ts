// npm run import -- parts|fitment FILE [--replace]: stores the file, queues its import job and runs
// it in this process's worker (BullMQ gives the job to one worker of all processes, so a running
// shop and this command never run it twice), drawing its progress on stderr until it ends.
// npm run import -- refused JOB_ID FILE: the job's refused rows as CSV, written to FILE (npm and the
// database launcher have lines of their own on stdout).
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { closeJobs } from "@/lib/jobs/queues";
import { createImportJob } from "@/lib/imports/import-jobs";
import { queueImport, startImportWorker } from "@/lib/imports/queue";
import { refusedRowsCsvLines } from "@/lib/imports/refused-csv";
import { disconnectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";

const USAGE = "usage: npm run import -- parts|fitment FILE [--replace]   or   npm run import -- refused JOB_ID FILE";
const POLL_MS = 500;

function progressLine(job: { checkpoint?: { bytes?: number | null } | null; bytesTotal: number; counts?: { rows?: number | null; refused?: number | null } | null }, since: number): string {
  const share = job.bytesTotal > 0 ? Math.min(1, (job.checkpoint?.bytes ?? 0) / job.bytesTotal) : 1;
  const seconds = (Date.now() - since) / 1000;
  const rows = job.counts?.rows ?? 0;
  // Until a first batch is committed the share is the header's alone: no time left can be told yet.
  const left = rows > 0 && share > 0 ? `${Math.round((seconds * (1 - share)) / share)} s left` : "time left not known yet";
  const bar = "#".repeat(Math.round(share * 30)).padEnd(30, ".");
  return `[${bar}] ${Math.round(share * 100)}% ${rows} rows, ${seconds > 0 ? Math.round(rows / seconds) : 0} rows/s, ${left}, ${job.counts?.refused ?? 0} refused`;
}

/** Ctrl-C or SIGTERM: the import stops after the batch it is in and its job goes back to the queue. */
function stopOnSignal(): { stopping: () => Promise<void> | undefined } {
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= closeJobs();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { stopping: () => stopping };
}

async function runFile(kind: "parts" | "fitment", file: string, replace: boolean): Promise<number> {
  const id = await createImportJob(kind, file, replace ? "replace" : "merge");
  await queueImport(id);
  await startImportWorker();
  const signals = stopOnSignal();
  const since = Date.now();
  for (;;) {
    const job = await ImportJob.findById(id).lean();
    if (!job) throw new Error(`the import job ${id} is gone`);
    process.stderr.write(`\r${progressLine(job, since)}`);
    const stopping = signals.stopping();
    if (stopping && job.status !== "done" && job.status !== "failed") {
      // The worker closes once the batch it is in is committed and its job handed back.
      await stopping;
      const left = await ImportJob.findById(id).lean();
      if (left?.status === "running" || left?.status === "queued") {
        process.stderr.write("\n");
        console.log(`[import] stopped after line ${left.checkpoint?.line ?? 0}: job ${id} goes on from there in the shop's worker, or in the next npm run import`);
        return 130;
      }
      continue;
    }
    if (job.status === "done" || job.status === "failed") {
      process.stderr.write("\n");
      console.log(`[import] job ${id} ${job.status}${job.error ? `: ${job.error}` : ""}`);
      console.log(`[import] ${JSON.stringify(job.counts)}`);
      if ((job.counts?.refused ?? 0) > 0) console.log(`[import] refused rows: npm run import -- refused ${id} refused.csv`);
      return job.status === "done" ? 0 : 1;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const [command, argument, ...flags] = process.argv.slice(2);
try {
  if (command === "refused" && argument && flags.length === 1) await pipeline(Readable.from(refusedRowsCsvLines(argument)), createWriteStream(flags[0]!));
  else if ((command === "parts" || command === "fitment") && argument && flags.every((flag) => flag === "--replace")) process.exitCode = await runFile(command, argument, flags.includes("--replace"));
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`[import] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeJobs();
  await disconnectDb();
}

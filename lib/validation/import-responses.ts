import { z } from "zod";

// The replies of the import paths (POST/GET /imports, GET /imports/{id}), for the API document.

const id = z.string().regex(/^[0-9a-f]{24}$/);
const kind = z.enum(["parts", "fitment"]);
const mode = z.enum(["merge", "replace"]);
const status = z.enum(["queued", "running", "done", "failed"]);
const instant = z.string().meta({ format: "date-time" });

export const importQueuedSchema = z
  .object({ success: z.literal(true), id, kind, mode, name: z.string(), status: z.literal("queued"), page: z.string().meta({ description: "The job's dashboard page" }) })
  .meta({ id: "ImportQueued" });

const importJobSummarySchema = z
  .object({ id, kind, mode, name: z.string(), status, rows: z.number().int(), refused: z.number().int(), createdAt: instant, startedAt: instant.nullable(), finishedAt: instant.nullable() })
  .meta({ id: "ImportJobSummary" });

export const importJobListSchema = z.object({ success: z.literal(true), jobs: z.array(importJobSummarySchema) }).meta({ id: "ImportJobList" });

export const importJobStateSchema = z
  .object({
    success: z.literal(true),
    job: importJobSummarySchema.extend({
      bytesDone: z.number().int().meta({ description: "Bytes of the file committed (the checkpoint)" }),
      bytesTotal: z.number().int(),
      rowsEstimated: z.number().int().nullable().meta({ description: "Rows in the file, estimated from the bytes read; exact once done" }),
      counts: z.object({ rows: z.number().int(), accepted: z.number().int(), refused: z.number().int(), added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
      rowsPerSecond: z.number().nullable(),
      secondsLeft: z.number().int().nullable(),
      error: z.string().nullable(),
      refusedRows: z.array(z.object({ line: z.number().int(), reason: z.string() })).meta({ description: "The first refused rows, by line" }),
    }),
  })
  .meta({ id: "ImportJobState" });

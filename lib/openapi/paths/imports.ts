import { ok, pathItem } from "@/lib/openapi/operations";
import { idPath, type Parameter } from "@/lib/openapi/parameters";
import { REFUSED_SHOWN_IN_STATE } from "@/lib/vocabulary/import-upload";
import { IMPORT_UPLOAD_MAX_BYTES } from "@/lib/validation/import-upload";

// Catalogue imports uploaded from the dashboard and run as background jobs (docs/imports.md).

const jobId = idPath("id", "The import job's id.");
const listParams: Parameter[] = [
  { name: "limit", in: "query", required: false, description: "Jobs on the page, 1 to 100 (20 when absent).", schema: { type: "integer", minimum: 1, maximum: 100 } },
  { name: "before", in: "query", required: false, description: "The last job id of the previous page: the page starts with the next older job.", schema: { type: "string", pattern: "^[0-9a-f]{24}$" } },
];

const uploadBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["kind", "file"],
        properties: {
          kind: { type: "string", enum: ["parts", "fitment"] },
          mode: { type: "string", enum: ["merge", "replace"], default: "merge", description: "replace: each part's fitment becomes the file's rows (fitment only)." },
          file: { type: "string", format: "binary", description: `The CSV file, at most ${IMPORT_UPLOAD_MAX_BYTES} bytes (2 GiB).` },
        },
      },
    },
  },
  wrongType: "The body is not sent as multipart/form-data.",
};

export const importPaths = {
  ...pathItem("/imports", {
    post: {
      operationId: "uploadImport",
      summary: "Upload a parts or fitment file as an import job",
      description: `Upload a parts or fitment CSV (admin), streamed to storage as it arrives (at most ${IMPORT_UPLOAD_MAX_BYTES} bytes: a larger file is refused with 413 and nothing is kept), then run as a background job. A browser's form post is answered with 303 to the job's dashboard page; a client sending Accept: application/json gets 202, the job and its Location. The fields kind and mode come before the file in the body (as the dashboard's form sends them): a bad or missing kind or mode (replace is for fitment), a file sent before them, no file or an empty file is a 400 and stores nothing.`,
      access: "admin",
      body: uploadBody,
      replies: {
        ...ok(202, "The job, queued; Location is GET /imports/{id}.", "ImportQueued"),
        "303": { description: "A browser's form post: sent to the job's page, /dashboard/imports/{id}." },
      },
    },
    get: {
      operationId: "listImports",
      summary: "The recent import jobs",
      description: "The recent import jobs, newest first (admin).",
      access: "admin",
      parameters: listParams,
      replies: ok(200, "A page of jobs.", "ImportJobList"),
    },
  }),
  ...pathItem("/imports/{id}", {
    get: {
      operationId: "getImport",
      summary: "An import job's progress",
      description: `An import job's state (admin): its counts, bytes done of the file, rate, time left and its first ${REFUSED_SHOWN_IN_STATE} refused rows with line and reason.`,
      access: "admin",
      parameters: [jobId],
      replies: ok(200, "The job's state.", "ImportJobState"),
      outcomes: [404],
    },
  }),
  ...pathItem("/imports/{id}/refused.csv", {
    get: {
      operationId: "getImportRefusedRows",
      summary: "An import job's refused rows as CSV",
      description: "Every refused row of the job as a CSV download (admin): line, reason, then the row's cells; a cell a spreadsheet would run as a formula is prefixed with '.",
      access: "admin",
      parameters: [jobId],
      replies: { "200": { description: "The refused rows.", content: { "text/csv": { schema: { type: "string" } } } } },
      outcomes: [404],
    },
  }),
};

import { NextResponse } from "next/server";
import { requireAdmin } from "@/lib/auth/api-guards";
import { z } from "zod";
import { parseWith } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { recentImportJobs } from "@/lib/imports/job-progress";
import { storeUploadedImport } from "@/lib/imports/upload";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";

const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 20;
const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  before: z.string().regex(OBJECT_ID_PATTERN, "before must be an import job's id").transform((id) => id.toLowerCase()).optional(),
});

/**
 * Admin: uploads a parts or fitment file (multipart: kind, mode, file), streamed to IMPORTS_DIR and
 * run as a background job. A browser's form post is sent to the job's page (303); a client asking
 * for JSON gets 202 and the job.
 */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const job = await storeUploadedImport(request);
  const page = `/dashboard/imports/${job.id}`;
  if (!(request.headers.get("accept") ?? "").includes("application/json")) {
    return new NextResponse(null, { status: 303, headers: { location: page } });
  }
  const reply = jsonReply({ success: true, ...job, status: "queued", page }, 202);
  reply.headers.set("location", `/imports/${job.id}`);
  return reply;
});

/** Admin: the recent import jobs, newest first; `limit` (1 to 100), `before` (the last id of the previous page). */
export const GET = route(async (request: Request) => {
  await requireAdmin();
  const { limit, before } = parseWith(listQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return jsonReply({ success: true, jobs: await recentImportJobs({ limit, before }) });
});

import { requireAdmin } from "@/lib/auth/api-guards";
import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { importJobProgress } from "@/lib/imports/job-progress";

/** Admin: an import job's state, progress and first refused rows (the job page polls it). */
export const GET = route(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAdmin();
  return jsonReply({ success: true, job: await importJobProgress(objectIdParam((await params).id, "The import job's id")) });
});

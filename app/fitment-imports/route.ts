import { importFitment } from "@/lib/catalogue/fitment-import";
import { readBodyBytes } from "@/lib/http/body";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { FITMENT_IMPORT_MAX_BYTES } from "@/lib/validation/fitment";

/** The media types a fitment file may be sent as: spreadsheets save CSV; some tools call it plain text. */
const CSV_TYPES = ["text/csv", "text/plain", "application/csv"];

/**
 * Admin: imports a fitment CSV, sent as the raw body (lib/catalogue/fitment-import.ts). Good rows are added,
 * bad ones reported with their line and reason; a file that cannot be read at all is a 400.
 */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const media = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CSV_TYPES.includes(media)) throw new HttpError(415, "Send the fitment file as text/csv.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await readBodyBytes(request, FITMENT_IMPORT_MAX_BYTES));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "The file is not UTF-8 text: save it as CSV UTF-8.");
  }
  const report = await importFitment(text);
  return jsonReply({ success: true, message: `${report.accepted} of ${report.rows} rows added, ${report.rejected.length} refused.`, result: report });
});

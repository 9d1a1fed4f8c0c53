import { publicCacheExpired } from "@/lib/cache/tags";
import { jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";

/**
 * Admin: expires every cached public page and read. The app expires the right entries after its
 * own writes; this is for changes made straight in the database (a script, a shell, a test's
 * setup), which the cache cannot see.
 */
export const POST = route(async () => {
  await requireAdmin();
  await publicCacheExpired();
  return jsonReply({ success: true, message: "The public cache was expired: the next requests read the database." });
});

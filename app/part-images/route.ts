import { jsonReply } from "@/lib/http/errors";
import { readBodyBytes } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { savePartImage } from "@/lib/catalogue/part-image-store";
import { PART_IMAGE_MAX_BYTES } from "@/lib/validation/part-image";

/**
 * Admin: uploads a part picture, sent as the raw request body (any Content-Type; the type is read
 * from the bytes). Replies 201 with the `url` to put in a part's `image`.
 */
export const POST = route(async (request: Request) => {
  await requireAdmin();
  const picture = await savePartImage(await readBodyBytes(request, PART_IMAGE_MAX_BYTES));
  return jsonReply({ success: true, message: "Picture uploaded.", result: picture }, 201);
});

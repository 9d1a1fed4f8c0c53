import { HttpError } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { findPartImage } from "@/lib/catalogue/part-image-store";
import { partImageIdSchema } from "@/lib/validation/part-image";

type Context = { params: Promise<{ id: string }> };

/** A picture's address is its content's hash, so browsers and caches may keep it for ever. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * An uploaded part picture, with the type read from its content at upload. As an API path it also
 * gets nosniff and the API's CSP (default-src 'none') from the server's default headers, so
 * nothing in a picture opened on its own may run.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const id = parseWith(partImageIdSchema, (await params).id);
  const etag = `"${id}"`;
  const headers = { "Cache-Control": IMMUTABLE, ETag: etag };
  if (request.headers.get("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  const picture = await findPartImage(id);
  if (!picture) throw new HttpError(404, "There is no picture with this id.");
  return new Response(new Uint8Array(picture.data), {
    headers: {
      ...headers,
      "Content-Type": picture.contentType,
      "Content-Length": String(picture.data.byteLength),
    },
  });
});

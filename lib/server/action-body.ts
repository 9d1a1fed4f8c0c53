import type { IncomingHttpHeaders } from "node:http";

// Next decodes a server action's body inside its own handler, and a body it cannot decode (a
// multipart form cut short, a reply pointing at form parts it does not have) throws there: a 500
// and a stack trace in the log per request, which anyone can send. The request filter
// (lib/server/server-lifecycle.ts) reads such a body first and refuses one that cannot be decoded.

export const UNREADABLE_FORM_MESSAGE = "The form could not be read.";

/**
 * Strings of a reply (React's decodeReply) that stand for themselves: an escaped "$", a date, a big
 * integer, undefined, the numbers JSON has no word for, a temporary reference. Every other "$…"
 * refers to another part of a multipart body.
 */
const SELF_CONTAINED = /^\$(\$|[DnuINHT-])/;

/** A fetch action's plain-text body: its arguments as one JSON array that refers to no other part (there is none). */
function isPlainReply(text: string): boolean {
  let dangling = false;
  try {
    const args: unknown = JSON.parse(text, (_key, value: unknown) => {
      if (typeof value === "string" && value.startsWith("$") && !SELF_CONTAINED.test(value)) dangling = true;
      return value;
    });
    return Array.isArray(args) && !dangling;
  } catch {
    return false;
  }
}

/**
 * Whether the body of a POST that Next will take for a server action can be decoded: a form (with
 * or without JavaScript) must parse to its end, and a fetch action's plain body must be a
 * self-contained JSON array. Any other body is Next's to answer, as for any POST to a page.
 */
export async function isDecodableActionBody(headers: IncomingHttpHeaders, body: Buffer): Promise<boolean> {
  const contentType = headers["content-type"] ?? "";
  const mediaType = contentType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded") {
    try {
      await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
      return true;
    } catch {
      return false;
    }
  }
  return headers["next-action"] === undefined || isPlainReply(body.toString("utf8"));
}

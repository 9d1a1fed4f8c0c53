import { NextResponse } from "next/server";

// The API's reply shapes; a route handler throws HttpError for a refusal the client should read.

/** A failure with the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Below this many bytes, a reply is sent as it is: gzip would save a few hundred bytes. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON reply. Next streams a route handler's body without its length (and drops a length we set),
 * so its compression would gzip every reply, a few hundred bytes included, at a zlib stream each (a
 * measurable share of an order's CPU): a short reply says `no-transform`, which that compression and
 * any proxy honour. Longer replies are still compressed.
 */
function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): NextResponse {
  const text = JSON.stringify(body);
  const short = text.length < COMPRESS_FROM_BYTES;
  return new NextResponse(text, { status, headers: { ...headers, "content-type": "application/json", ...(short ? { "cache-control": "no-transform" } : {}) } });
}

/** The one error shape of the API: `{ success: false, message }`. */
export function errorReply(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): NextResponse {
  return jsonResponse({ success: false, message, ...extra }, status, headers);
}

export function jsonReply(body: unknown, status = 200): NextResponse {
  return jsonResponse(body, status);
}

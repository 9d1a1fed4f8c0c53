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

/** The one error shape of the API: `{ success: false, message }`. */
export function errorReply(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json({ success: false, message, ...extra }, { status, headers });
}

export function jsonReply(body: unknown, status = 200): NextResponse {
  return NextResponse.json(body, { status });
}

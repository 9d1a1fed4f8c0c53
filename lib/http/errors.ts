import { NextResponse } from "next/server";

// The one place where route handlers meet HTTP: the error shape, body reading,
// the guards and the wrapper that turns every failure into a clean reply.

export type ErrorBody = { success: false; message: string };

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

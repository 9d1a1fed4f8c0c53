import "server-only";
import mongoose from "mongoose";
import { NextResponse } from "next/server";
import { DatabaseConfigError } from "@/lib/storage/connect";
import { DATABASE_DOWN_MESSAGE, DATABASE_RETRY_AFTER, isDatabaseDown } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, PasswordHashingBusyError, ServiceUnavailableError, TooManyRequestsError, UnsupportedContentError } from "@/lib/errors";
import { HttpError, errorReply } from "@/lib/http/errors";
import { assertSameOrigin } from "@/lib/http/origin";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";

/** Any failure as a reply; only a genuine bug is a 500, and it is logged. */
export function replyForError(error: unknown): NextResponse {
  if (error instanceof HttpError) return errorReply(error.status, error.message, error.extra, error.headers);
  if (error instanceof InvalidInputError) return errorReply(400, error.message);
  if (error instanceof NotFoundError) return errorReply(404, error.message);
  if (error instanceof ConflictError) return errorReply(409, error.message, error.details);
  if (error instanceof ForbiddenError) return errorReply(403, error.message);
  if (error instanceof UnsupportedContentError) return errorReply(415, error.message);
  if (error instanceof TooManyRequestsError) return errorReply(429, error.message, {}, { "Retry-After": String(Math.ceil(error.retryAfterMs / 1000)) });
  if (error instanceof LockBusyError || error instanceof PasswordHashingBusyError) return errorReply(503, error.message, {}, { "Retry-After": "2" });
  if (error instanceof ServiceUnavailableError) return errorReply(503, error.message, {}, { "Retry-After": "5" });
  if (error instanceof DatabaseConfigError) {
    console.error(error.message);
    return errorReply(503, DATABASE_DOWN_MESSAGE, {}, { "Retry-After": DATABASE_RETRY_AFTER });
  }
  if (error instanceof mongoose.Error.ValidationError || error instanceof mongoose.Error.CastError) {
    return errorReply(400, error.message);
  }
  if (isDatabaseDown(error)) {
    console.error(`[api] database unavailable: ${(error as Error).message}`);
    return errorReply(503, DATABASE_DOWN_MESSAGE, {}, { "Retry-After": DATABASE_RETRY_AFTER });
  }
  if (isDuplicateKey(error)) return errorReply(409, "This already exists.");
  console.error("[api] unexpected error", error);
  return errorReply(500, "Something went wrong on our side; please try again.");
}

/** Wraps a route handler: same-origin check for state changes, then every failure becomes a clean reply. */
export function route<C>(handler: (request: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      assertSameOrigin(request);
      return await handler(request, context);
    } catch (error) {
      return replyForError(error);
    }
  };
}

import mongoose from "mongoose";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { MAX_BODY_BYTES, bodyTooLargeMessage } from "@/lib/server/body-cap";
import { DATABASE_DOWN_MESSAGE, DATABASE_RETRY_AFTER, isDatabaseDown } from "@/lib/db/database-down";
import { DatabaseConfigError } from "@/lib/db/connect";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, TooManyRequestsError, UnsupportedContentError } from "@/lib/errors";
import { LockBusyError } from "@/lib/db/lock";
import { PasswordHashingBusyError } from "@/lib/users/password";
import { BROWSER_ORIGIN_HEADER, CROSS_SITE_MESSAGE, isShopOrigin } from "@/lib/request-origin";
import { emailField, normaliseEmail } from "@/lib/validation/auth";
import { MAX_SKIP, type Paging } from "@/lib/validation/common";

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

/**
 * The RFC 8288 link to the page after `paging`, or null. A full page may have a successor; a short
 * one is the last. No total is counted: on FerretDB a count scans the collection. The link is
 * relative (same path, the request's other query parameters, explicit `limit` and `skip`), so it is
 * right behind any proxy; `page` becomes `skip`, as the two cannot be combined.
 */
export function nextPageLink(requestUrl: string, { limit, skip }: Paging, returned: number): string | null {
  const nextSkip = skip + limit;
  if (returned < limit || nextSkip > MAX_SKIP) return null;
  const url = new URL(requestUrl);
  const query = new URLSearchParams(url.search);
  for (const key of ["limit", "skip", "page"]) query.delete(key);
  query.set("limit", String(limit));
  query.set("skip", String(nextSkip));
  return `<${url.pathname}?${query.toString()}>; rel="next"`;
}

/** One page of a list path: SPEC 7's bare JSON array, with a `Link` to the next page when this one is full. */
export function pagedReply(request: Request, items: readonly unknown[], paging: Paging): NextResponse {
  const reply = jsonReply(items);
  const next = nextPageLink(request.url, paging, items.length);
  if (next) reply.headers.set("Link", next);
  return reply;
}

/** A zod failure as one sentence naming the field. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input.";
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parses with a shared zod schema; a mismatch is a 400 naming what is wrong. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error));
  return parsed.data;
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const media = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return media === "application/json" || (media.startsWith("application/") && media.endsWith("+json"));
}

/** Reads the body's bytes up to the cap, whatever Content-Length claims: a larger body is refused (413) before it is all read. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, bodyTooLargeMessage(maxBytes));
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client hung up before its body ended ("aborted", ECONNRESET): nobody is left to answer,
      // and nothing was changed. A 400 keeps it out of the unexpected-error log.
      throw new HttpError(400, "The request body ended before its declared length.");
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, bodyTooLargeMessage(maxBytes));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, up to the cap. */
async function readCapped(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder("utf-8", { fatal: false }).decode(await readBodyBytes(request, maxBytes));
}

/**
 * The JSON object in the body: wrong content type 415, too large 413,
 * empty, malformed or not an object 400. With `optional`, a request with no body at all gives `{}`.
 */
export async function readJsonBody(request: Request, { optional = false, maxBytes = MAX_BODY_BYTES } = {}): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("content-type");
  if (optional && !contentType) {
    const text = await readCapped(request, maxBytes);
    if (text.trim() === "") return {};
    throw new HttpError(415, "Send the body as JSON with Content-Type: application/json.");
  }
  if (!isJsonContentType(contentType)) throw new HttpError(415, "Send the body as JSON with Content-Type: application/json.");
  const text = await readCapped(request, maxBytes);
  if (text.trim() === "") {
    if (optional) return {};
    throw new HttpError(400, "The request body is empty; send a JSON object.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

/** The signed-in user (role read fresh from the database), or a 401. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new HttpError(401, "Sign in to do this.");
  return user;
}

/** The signed-in administrator, or a 401 (no session) or 403 (not an admin). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new HttpError(403, "Only an administrator can do this.");
  return user;
}

/** Lets the user act on their own account; admins too when `adminMay`. */
export function requireSelf(user: SessionUser, email: string, { adminMay = false } = {}): void {
  if (user.email === email) return;
  if (adminMay && user.role === "admin") return;
  throw new HttpError(403, adminMay ? "You can only see your own account." : "You can only do this for your own account.");
}

/** An email path segment, normalised like stored emails (decoded, trimmed, lower-cased); 400 if it is not an email. */
export function emailParam(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Already decoded by the router (a literal "%" stays as it is).
  }
  const parsed = emailField.safeParse(decoded);
  if (!parsed.success) throw new HttpError(400, "The email in the address is not a valid email.");
  return normaliseEmail(parsed.data);
}

/** An ObjectId path segment or body field; 400 otherwise. */
export function objectIdParam(raw: string, what: string): string {
  if (!/^[0-9a-f]{24}$/i.test(raw)) throw new HttpError(400, `${what} is not a valid id (24 hexadecimal characters).`);
  return raw.toLowerCase();
}

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function carriesSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    // next-auth splits large tokens into name.0, name.1, …
    return SESSION_COOKIES.some((s) => name === s || name.startsWith(`${s}.`));
  });
}

/**
 * Another site cannot make a signed-in visitor act: a state-changing request that carries
 * the session cookie must say it comes from our own origin (Origin, else Sec-Fetch-Site).
 */
export function assertSameOrigin(request: Request): void {
  if (!STATE_CHANGING.has(request.method.toUpperCase()) || !carriesSessionCookie(request)) return;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    if (isShopOrigin(origin, request.headers.get(BROWSER_ORIGIN_HEADER))) return;
    throw new HttpError(403, CROSS_SITE_MESSAGE);
  }
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  throw new HttpError(403, CROSS_SITE_MESSAGE);
}

/** Any failure as a reply; only a genuine bug is a 500, and it is logged. */
export function replyForError(error: unknown): NextResponse {
  if (error instanceof HttpError) return errorReply(error.status, error.message, error.extra, error.headers);
  if (error instanceof InvalidInputError) return errorReply(400, error.message);
  if (error instanceof NotFoundError) return errorReply(404, error.message);
  if (error instanceof ConflictError) return errorReply(409, error.message);
  if (error instanceof ForbiddenError) return errorReply(403, error.message);
  if (error instanceof UnsupportedContentError) return errorReply(415, error.message);
  if (error instanceof TooManyRequestsError) return errorReply(429, error.message, {}, { "Retry-After": String(Math.ceil(error.retryAfterMs / 1000)) });
  if (error instanceof LockBusyError || error instanceof PasswordHashingBusyError) return errorReply(503, error.message, {}, { "Retry-After": "2" });
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
  if ((error as { code?: unknown } | null)?.code === 11000) return errorReply(409, "This already exists.");
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

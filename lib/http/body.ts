import type { z } from "zod";
import { HttpError } from "@/lib/http/errors";
import { MAX_BODY_BYTES, bodyTooLargeMessage } from "@/lib/server/body-cap";

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

/** The media type of every JSON body the API reads and sends (a `+json` one is read too). */
export const JSON_MEDIA_TYPE = "application/json";

const NOT_JSON_MESSAGE = `Send the body as JSON with Content-Type: ${JSON_MEDIA_TYPE}.`;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const media = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return media === JSON_MEDIA_TYPE || (media.startsWith("application/") && media.endsWith("+json"));
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
    throw new HttpError(415, NOT_JSON_MESSAGE);
  }
  if (!isJsonContentType(contentType)) throw new HttpError(415, NOT_JSON_MESSAGE);
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

import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { FITMENT_IMPORT_MAX_BYTES } from "@/lib/validation/fitment";
import { IMPORT_FORM_OVERHEAD_BYTES, importUploadMaxBytes } from "@/lib/validation/import-upload";
import { PART_IMAGE_MAX_BYTES } from "@/lib/validation/part-image";

// Every request body, on every path (next-auth's included), is capped before anything buffers it.
// Bodies are small forms and JSON; the node:http filter (lib/server/server-lifecycle.ts) applies the cap.

/** The cap of every path not listed in LARGER_BODIES. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The paths allowed a larger body, with their own cap: the one place to add one. `streamed`: the
 * route handler streams the body to disk and counts it itself, so a chunked body is not held here
 * (holding 2 GiB in memory is what the handler avoids); a declared length over the cap is still refused here.
 */
const LARGER_BODIES: readonly { path: RegExp; maxBytes: () => number; streamed?: true }[] = [
  { path: /^\/part-images\/?$/, maxBytes: () => PART_IMAGE_MAX_BYTES },
  { path: /^\/fitment-imports\/?$/, maxBytes: () => FITMENT_IMPORT_MAX_BYTES },
  { path: /^\/imports\/?$/, maxBytes: () => importUploadMaxBytes() + IMPORT_FORM_OVERHEAD_BYTES, streamed: true },
];

export function bodyCapFor(pathname: string): number {
  return LARGER_BODIES.find((entry) => entry.path.test(pathname))?.maxBytes() ?? MAX_BODY_BYTES;
}

/** A path whose handler streams its body and enforces its cap as the bytes arrive. */
export const handlerStreamsBody = (pathname: string): boolean => LARGER_BODIES.some((entry) => entry.streamed && entry.path.test(pathname));

export const bodyTooLargeMessage = (maxBytes: number): string => `The request body is larger than ${maxBytes} bytes.`;

/** A declared Content-Length over the cap: refused at once, without reading a byte of the body. */
export function declaresTooMuch(headers: IncomingHttpHeaders, maxBytes: number): boolean {
  return Number(headers["content-length"] ?? 0) > maxBytes;
}

/** A body without a declared length (Transfer-Encoding: chunked): its size is known only as it arrives. */
export const streamsBody = (headers: IncomingHttpHeaders): boolean => headers["transfer-encoding"] !== undefined;

/**
 * Holds a body back from the application until it has ended within the cap, counting it as node's
 * parser pushes it in: `fits` then runs with the whole body (a copy, and the body itself waiting
 * in the request, in order). Past the cap the held bytes are dropped, the rest is discarded as it
 * arrives, and `tooLarge` runs, so no more than the cap is ever kept.
 */
export function holdBody(request: IncomingMessage, maxBytes: number, { fits, tooLarge }: { fits: (body: Buffer) => void; tooLarge: () => void }): void {
  const push = request.push.bind(request);
  const held: Buffer[] = [];
  let size = 0;
  let refused = false;
  request.push = (chunk: unknown): boolean => {
    if (refused) return true;
    if (chunk === null) {
      request.push = push;
      for (const part of held) push(part);
      push(null);
      fits(Buffer.concat(held));
      return false;
    }
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += part.byteLength;
    if (size > maxBytes) {
      refused = true;
      held.length = 0;
      tooLarge();
      return true;
    }
    held.push(part);
    return true;
  };
}

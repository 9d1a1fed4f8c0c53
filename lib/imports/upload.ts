import "server-only";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { HttpError } from "@/lib/http/errors";
import { type ImportKindName, type ImportMode, newImportFile, recordImportJob } from "@/lib/imports/import-jobs";
import { queueImport } from "@/lib/imports/queue";
import { importUploadMaxBytes, importUploadTooLargeMessage } from "@/lib/validation/import-upload";

// An import file uploaded from the dashboard (POST /imports): the multipart body is parsed by busboy
// as it arrives and the file part streamed to IMPORTS_DIR/<id>.csv, never held in memory. Only a
// complete, valid upload is recorded as a job and queued; any refusal deletes the partial file.
// The form's fields (kind, mode) come before the file, as the dashboard's form sends them: they are
// checked when the file starts, so a bad form is refused before a byte of the file is stored.

export type UploadedImport = { id: string; kind: ImportKindName; mode: ImportMode; name: string };

const MAX_NAME_LENGTH = 200;

class UploadRefused extends HttpError {}

function fileName(given: string | undefined): string {
  const name = path.basename((given ?? "").replaceAll("\\", "/")).trim();
  return (name || "upload.csv").slice(0, MAX_NAME_LENGTH);
}

function kindAndMode(fields: Map<string, string>): { kind: ImportKindName; mode: ImportMode } {
  const kind = fields.get("kind");
  if (kind !== "parts" && kind !== "fitment") throw new UploadRefused(400, "kind must be parts or fitment, sent before the file.");
  const mode = fields.get("mode") || "merge";
  if (mode !== "merge" && mode !== "replace") throw new UploadRefused(400, "mode must be merge or replace.");
  if (mode === "replace" && kind !== "fitment") throw new UploadRefused(400, "Replace mode is for fitment files only.");
  return { kind, mode };
}

/** What the parser has met so far: the body past the cap, the form's fields, a refusal, the file being stored. */
type Received = {
  overCap: boolean;
  form: { kind: ImportKindName; mode: ImportMode } | null;
  refused: UploadRefused | null;
  stored: Promise<{ name: string; bytes: number; tooLarge: boolean }> | null;
};

/** Streams the request's multipart body; the file lands at `file`. Returns the form's fields and the file's name and size. */
async function receive(request: Request, file: string, maxBytes: number): Promise<{ kind: ImportKindName; mode: ImportMode; name: string; bytes: number } | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new UploadRefused(415, "Send the form as multipart/form-data.");
  if (!request.body) throw new UploadRefused(400, "Choose a file to import.");
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": type }, limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: maxBytes } });
  } catch {
    throw new UploadRefused(400, "The form's multipart body cannot be read.");
  }
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields = new Map<string, string>();
  // Set by the parser's callbacks: kept in one object, as a plain variable assigned there would be
  // taken by the compiler for the null it started as.
  const got: Received = { overCap: false, form: null, refused: null, stored: null };
  parser.on("field", (name, value) => fields.set(name, value));
  parser.on("file", (field, stream, info) => {
    if (field !== "file" || got.stored || got.refused) return void stream.resume();
    // The fields came before the file: a bad or missing kind or mode is refused now, nothing stored,
    // and the rest of the body is not read.
    try {
      got.form = kindAndMode(fields);
    } catch (error) {
      got.refused = error as UploadRefused;
      stream.resume();
      return void source.destroy(got.refused);
    }
    let bytes = 0;
    let tooLarge = false;
    stream.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
    stream.on("limit", () => {
      tooLarge = true;
      got.overCap = true;
      // Past the cap: stop reading the body at once rather than read and discard gigabytes. (The body
      // is locked to `source`, so it is `source` that is destroyed; the pipeline below then fails.)
      source.destroy(new Error("the file is over the cap"));
    });
    got.stored = pipeline(stream, createWriteStream(file)).then(() => ({ name: fileName(info.filename), bytes, tooLarge }));
  });
  try {
    await pipeline(source, parser);
  } catch (error) {
    // The file's own write may never end once its source is gone: the caller deletes what it wrote.
    got.stored?.catch(() => undefined);
    if (got.refused) throw got.refused;
    if (got.overCap) throw new UploadRefused(413, importUploadTooLargeMessage(maxBytes));
    // busboy's own words (and a stream's) are for the server's log, not the client.
    console.error("An import upload's multipart body could not be read:", error);
    throw new UploadRefused(400, "The form's multipart body cannot be read: send it as a browser's form does (kind, mode, then the file).");
  }
  if (got.refused) throw got.refused;
  // The file is stored only once its form was read.
  if (!got.stored || !got.form) return null;
  const { name, bytes, tooLarge } = await got.stored;
  if (tooLarge) throw new UploadRefused(413, importUploadTooLargeMessage(maxBytes));
  return { ...got.form, name, bytes };
}

/** Stores an uploaded file, records its job and queues it; a refusal (4xx) or a failure before the job is recorded leaves no file and no job. */
export async function storeUploadedImport(request: Request): Promise<UploadedImport> {
  const { id, file } = await newImportFile();
  let recorded = false;
  try {
    const received = await receive(request, file, importUploadMaxBytes());
    if (!received) throw new UploadRefused(400, "Choose a file to import.");
    const { kind, mode } = received;
    if (received.bytes === 0) throw new UploadRefused(400, "The file is empty.");
    await recordImportJob({ id, file, kind, mode, name: received.name });
    recorded = true;
    await queueImport(id);
    return { id, kind, mode, name: received.name };
  } catch (error) {
    // A file without its job (refused, or the database gone before the job was recorded) is nobody's: it goes.
    if (!recorded) await rm(file, { force: true });
    throw error;
  }
}

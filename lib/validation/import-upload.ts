// The cap of an import file uploaded from the dashboard (POST /imports): 2 GiB, larger than any
// catalogue file a supplier sends, small enough that a runaway upload cannot fill the disk.
// IMPORT_UPLOAD_MAX_BYTES lowers it, for the tests, which cannot send 2 GiB.

export const IMPORT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** Room for the form's other fields and the multipart framing around the file. */
export const IMPORT_FORM_OVERHEAD_BYTES = 64 * 1024;

export function importUploadMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = Number(env.IMPORT_UPLOAD_MAX_BYTES);
  return Number.isSafeInteger(lowered) && lowered > 0 && lowered < IMPORT_UPLOAD_MAX_BYTES ? lowered : IMPORT_UPLOAD_MAX_BYTES;
}

export const importUploadTooLargeMessage = (maxBytes: number): string => `The file is larger than the ${maxBytes}-byte cap of an upload; split it, or run it with npm run import.`;

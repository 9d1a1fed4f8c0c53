// What each kind of import (parts, fitment) hands the runner: how to read its header and how to
// apply one batch of rows. A batch must be safe to apply twice: a crash may cut one short.

export type FileRow = { line: number; fields: string[] };
export type Refusal = { line: number; reason: string; cells: string[] };
export type BatchOutcome = { accepted: number; added: number; updated: number; unchanged: number; refused: Refusal[]; replacedParts: string[] };
/** `jobId`: the job the batch is of (a part it adds takes an id of the job and the line, so a replay finds it). */
export type BatchContext = { jobId: string; replace: boolean; replaced: ReadonlySet<string> };

export type ImportKind = {
  /** The header's columns, normalised; throws an InvalidInputError for a header the kind cannot read. */
  checkHeader(fields: string[]): string[];
  applyBatch(columns: string[], rows: FileRow[], context: BatchContext): Promise<BatchOutcome>;
};

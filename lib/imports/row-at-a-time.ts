import "server-only";
import { InvalidInputError } from "@/lib/errors";
import type { BatchContext, BatchOutcome, FileRow, ImportKind } from "@/lib/imports/kinds";

// A batch whose kind throws a check (an InvalidInputError) is applied again a row at a time, so the
// check is placed on the row it is about rather than failing the job (lib/imports/run-import.ts).

const sumOf = (outcomes: BatchOutcome[]): BatchOutcome => ({
  accepted: outcomes.reduce((sum, o) => sum + o.accepted, 0),
  added: outcomes.reduce((sum, o) => sum + o.added, 0),
  updated: outcomes.reduce((sum, o) => sum + o.updated, 0),
  unchanged: outcomes.reduce((sum, o) => sum + o.unchanged, 0),
  refused: outcomes.flatMap((o) => o.refused),
  replacedParts: outcomes.flatMap((o) => o.replacedParts),
});

/**
 * Applies a batch; an InvalidInputError from it (a check the batch runs) is placed on its row: the
 * batch is applied again a row at a time (each row is safe to apply twice), and a row that throws
 * it alone is refused with its reason while the others count. An error that is no row's (the batch
 * throws it with no rows, or no row throws it alone) is thrown on, and fails the job as before.
 */
export async function applyBatch(kind: ImportKind, columns: string[], rows: FileRow[], context: BatchContext): Promise<BatchOutcome> {
  try {
    return await kind.applyBatch(columns, rows, context);
  } catch (error) {
    if (!(error instanceof InvalidInputError) || rows.length === 0) throw error;
    await kind.applyBatch(columns, [], context);
    const replaced = new Set(context.replaced);
    const outcomes: BatchOutcome[] = [];
    let placed = false;
    for (const row of rows) {
      try {
        const outcome = await kind.applyBatch(columns, [row], { ...context, replaced });
        outcome.replacedParts.forEach((part) => replaced.add(part));
        outcomes.push(outcome);
      } catch (rowError) {
        if (!(rowError instanceof InvalidInputError)) throw rowError;
        placed = true;
        const refusal = { accepted: 0, added: 0, updated: 0, unchanged: 0, replacedParts: [] };
        outcomes.push({ ...refusal, refused: [{ line: row.line, reason: rowError.message, cells: row.fields }] });
      }
    }
    if (!placed) throw error;
    return sumOf(outcomes);
  }
}

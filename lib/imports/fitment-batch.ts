import "server-only";
import { addFitment, removeFitment } from "@/lib/catalogue/fitment-commands";
import { inBatches, readHeader, readRow } from "@/lib/catalogue/fitment-rows";
import { partByNumber, type PartLookup } from "@/lib/catalogue/part-by-number";
import { NotFoundError } from "@/lib/errors";
import type { FitmentRow } from "@/lib/validation/fitment";
import { Fitment } from "@/models/Fitment";
import type { BatchContext, BatchOutcome, FileRow, ImportKind } from "@/lib/imports/kinds";

// A fitment file's batch, applied through the admin's own command (addFitment, which adds a row
// it has already once). Replace mode empties a part's fitment on the first batch of the job that
// names the part; the job keeps which parts it emptied, so a later or replayed batch only adds.

/** Empties the part's fitment, one model year after the other, each through the admin's command. */
async function emptyFitment(partId: string): Promise<void> {
  const docs = await Fitment.find({ part: partId }, { year: 1, make: 1, model: 1 }).lean();
  for (const doc of docs) {
    await removeFitment(partId, { year: doc.year, make: doc.make, model: doc.model }).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
}

async function applyBatch(columns: string[], rows: FileRow[], { replace, replaced }: BatchContext): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { accepted: 0, added: 0, updated: 0, unchanged: 0, refused: [], replacedParts: [] };
  const lookups = new Map<string, PartLookup>();
  const byPart = new Map<string, { line: number; row: FitmentRow }[]>();
  const header = readHeader(columns);
  for (const { line, fields } of rows) {
    const read = readRow(header, fields);
    if ("reason" in read) {
      outcome.refused.push({ line, reason: read.reason, cells: fields });
      continue;
    }
    const key = read.partNumber.toLowerCase();
    if (!lookups.has(key)) lookups.set(key, await partByNumber(read.partNumber));
    const lookup = lookups.get(key)!;
    if ("error" in lookup) {
      outcome.refused.push({ line, reason: `part_number: ${lookup.error}`, cells: fields });
      continue;
    }
    byPart.set(lookup.partId, [...(byPart.get(lookup.partId) ?? []), { line, row: read.row }]);
  }
  const cellsOf = new Map(rows.map(({ line, fields }) => [line, fields]));
  for (const [partId, partRows] of byPart) {
    if (replace && !replaced.has(partId)) {
      await emptyFitment(partId);
      outcome.replacedParts.push(partId);
    }
    for (const batch of inBatches(partRows.map(({ row }) => row))) {
      const lines = partRows.splice(0, batch.length).map(({ line }) => line);
      try {
        const result = await addFitment(partId, batch);
        outcome.added += result.added;
        outcome.updated += result.updated;
        outcome.unchanged += result.unchanged;
        outcome.accepted += batch.length;
      } catch (failure) {
        // A part deleted meanwhile refuses its rows. A part kept busy (its lock held), like the database gone, retries the
        // batch later: a job can wait, and in replace mode a refusal would leave the part with no fitment at all.
        if (!(failure instanceof NotFoundError)) throw failure;
        const reason = "part_number: the part was deleted during the import";
        outcome.refused.push(...lines.map((line) => ({ line, reason, cells: cellsOf.get(line) ?? [] })));
      }
    }
  }
  return outcome;
}

export const FITMENT_IMPORT: ImportKind = {
  checkHeader: (fields) => readHeader(fields),
  applyBatch,
};

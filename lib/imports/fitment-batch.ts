import "server-only";
import { removeFitment } from "@/lib/catalogue/fitment-commands";
import { addPartRows, readHeader, rowsByPart } from "@/lib/catalogue/fitment-rows";
import { NotFoundError } from "@/lib/errors";
import { givingWay } from "@/lib/imports/give-way";
import { allEnded } from "@/lib/storage/all-ended";
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

/** Parts of a batch written at once. */
const PARTS_AT_ONCE = 8;

async function applyBatch(columns: string[], rows: FileRow[], { replace, replaced }: BatchContext): Promise<BatchOutcome> {
  const cellsOf = new Map(rows.map(({ line, fields }) => [line, fields]));
  const { byPart, refused } = await rowsByPart(readHeader(columns), rows);
  const outcome: BatchOutcome = { accepted: 0, added: 0, updated: 0, unchanged: 0, refused: [], replacedParts: [] };
  // Parts written side by side: each under its own lock, and the lists they share (a vehicle's)
  // take their changes together in one turn (lib/storage/turns-under-lock.ts).
  const queue = [...byPart];
  const writeNext = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [partId, partRows] = next;
      if (replace && !replaced.has(partId)) {
        await emptyFitment(partId);
        outcome.replacedParts.push(partId);
      }
      // A part kept busy, like the database gone, retries the batch later: a job can wait, and in
      // replace mode a refusal would leave the part with no fitment at all.
      // Each part's rows, then a pause while customers are served (lib/imports/give-way.ts).
      const added = await givingWay(() => addPartRows(partId, partRows, "throw"));
      outcome.accepted += added.accepted;
      outcome.added += added.added;
      outcome.updated += added.updated;
      outcome.unchanged += added.unchanged;
      refused.push(...added.refused);
    }
  };
  await allEnded(Array.from({ length: PARTS_AT_ONCE }, writeNext));
  outcome.refused = refused.sort((a, b) => a.line - b.line).map(({ line, reason }) => ({ line, reason, cells: cellsOf.get(line) ?? [] }));
  return outcome;
}

export const FITMENT_IMPORT: ImportKind = {
  checkHeader: (fields) => readHeader(fields),
  applyBatch,
};

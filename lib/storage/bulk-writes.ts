import "server-only";
import type { Model, mongo } from "mongoose";

// The embedded engine (FerretDB v1 on PostgreSQL) never answers a bulk write of 100 or more updates
// or replacements of stored documents: measured, 99 replacements took 0.1 s, 100 hung past the
// driver's 30 s socket timeout, and two bulks of 50 sent side by side hung too. So every bulk write
// goes in slices well below that, one after the other.

const SLICE = 50;

/** An operation as the model's bulkWrite takes it. */
type Operation<T> = Parameters<Model<T>["bulkWrite"]>[0][number];

/** Writes `operations` in slices of SLICE, unordered, one slice after the other. */
export async function bulkWriteInSlices<T extends mongo.Document>(model: Model<T>, operations: Operation<T>[]): Promise<void> {
  for (let from = 0; from < operations.length; from += SLICE) await model.bulkWrite(operations.slice(from, from + SLICE), { ordered: false });
}

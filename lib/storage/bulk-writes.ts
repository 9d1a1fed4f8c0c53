import "server-only";
import type { Model, mongo } from "mongoose";
import { allEnded } from "@/lib/storage/all-ended";

// The embedded engine (FerretDB v1 on PostgreSQL) never answers a bulk write of 100 or more updates
// or replacements of stored documents: measured, 99 replacements took 0.1 s, 100 hung past the
// driver's 30 s socket timeout. So every bulk write goes in slices well below that, side by side.

const SLICE = 50;

/** An operation as the model's bulkWrite takes it. */
type Operation<T> = Parameters<Model<T>["bulkWrite"]>[0][number];

/** Writes `operations` in slices of SLICE, unordered, each slice on its own connection; fails once all have ended if any failed. */
export async function bulkWriteInSlices<T extends mongo.Document>(model: Model<T>, operations: Operation<T>[]): Promise<void> {
  const slices: Operation<T>[][] = [];
  for (let from = 0; from < operations.length; from += SLICE) slices.push(operations.slice(from, from + SLICE));
  await allEnded(slices.map((slice) => model.bulkWrite(slice, { ordered: false })));
}

import "server-only";
import type { Model, UpdateQuery } from "mongoose";
import { withLock } from "@/lib/storage/lock";
import { inTurnsUnderLock } from "@/lib/storage/turns-under-lock";

// Counters kept with the writes they count: one document per key (a day, …) holding its counts.
// FerretDB's $inc reads and then writes, so two unlocked increments can lose one: a key's changes
// are summed in batches, each one $inc under the key's lock, held in turns while changes keep coming
// (lib/storage/turns-under-lock.ts), so a crowd's batches cost one write each, not a lock, a write
// and a release.

/** One key's counts, by field; a key never written counts zero. */
export type Counts<Field extends string> = Record<Field, number>;
export type CountedKey<Field extends string> = { _id: string } & Counts<Field>;

/** What a change counted once records in the same write: who changes (one change in progress each) and which change. */
export type Once = { mark: string; token: string; completing: boolean };
type Applied = { applied?: Record<string, string> };

const INSERTED_AT_ONCE = 500;

/**
 * Counters declared once by the domain that counts: `model` holds one document per key with these
 * `fields`; `name` is what their locks carry.
 */
export function keepCounts<Field extends string>({ model, fields, name, busyMessage }: { model: Model<CountedKey<Field>>; fields: readonly Field[]; name: string; busyMessage: string }) {
  const lockOf = (key: string) => `${name}:${key}`;
  const sum = (changes: Counts<Field>[]) => Object.fromEntries(fields.map((field) => [field, changes.reduce((total, change) => total + change[field], 0)])) as Counts<Field>;

  const addInTurns = inTurnsUnderLock<Counts<Field>, void>(lockOf, busyMessage, {
    begin: async () => undefined,
    apply: async (key, _held, changes) => {
      await model.updateOne({ _id: key }, { $inc: sum(changes) } as UpdateQuery<CountedKey<Field>>, { upsert: true });
    },
  });

  return {
    /** Adds a change to a key's counts (negative counts take away); resolves once the key holds it. */
    add: (key: string, change: Counts<Field>): Promise<void> => addInTurns(key, [change]),

    /**
     * Adds a change that a crash may leave to be completed later: the write records `token` under
     * `mark`, so completing it (`completing`) tells whether the key holds it already.
     */
    addOnce(key: string, change: Counts<Field>, { mark, token, completing }: Once): Promise<void> {
      return withLock(lockOf(key), busyMessage, async () => {
        if (completing) {
          const stored = await model.collection.findOne<Applied>({ _id: key } as never, { projection: { [`applied.${mark}`]: 1 } });
          if (stored?.applied?.[mark] === token) return;
        }
        await model.collection.updateOne({ _id: key } as never, { $inc: change, $set: { [`applied.${mark}`]: token } }, { upsert: true });
      });
    },

    /** Drops a completed change's token, so a key's document does not grow with its changes. */
    forgetOnce(key: string, mark: string, token: string): Promise<void> {
      return withLock(lockOf(key), busyMessage, async () => {
        await model.collection.updateOne({ _id: key, [`applied.${mark}`]: token } as never, { $unset: { [`applied.${mark}`]: "" } });
      });
    },

    /** The counts of these keys, in their order. */
    async read(keys: string[]): Promise<CountedKey<Field>[]> {
      const stored = await Promise.all(keys.map((key) => model.findById(key).lean<CountedKey<Field>>()));
      return keys.map((key, i) => ({ _id: key, ...(Object.fromEntries(fields.map((field) => [field, stored[i]?.[field] ?? 0])) as Counts<Field>) }));
    },

    /** Replaces every key's counts with these. */
    async replaceAll(counted: CountedKey<Field>[]): Promise<void> {
      await model.deleteMany({});
      for (let from = 0; from < counted.length; from += INSERTED_AT_ONCE) await model.insertMany(counted.slice(from, from + INSERTED_AT_ONCE));
    },
  };
}

import "server-only";
import mongoose, { Types } from "mongoose";
import { partsChanged, stockChanged } from "@/lib/cache/tags";
import { rememberBrands } from "@/lib/catalogue/brands";
import { editOf, listedOf, newPartFields } from "@/lib/catalogue/commands";
import { listChanges } from "@/lib/catalogue/lists";
import { completeCutShortPartWritesTogether, partWrites, type PartNote } from "@/lib/catalogue/part-writes";
import { releaseSku } from "@/lib/catalogue/sku-claims";
import { InvalidInputError } from "@/lib/errors";
import { partKeyChanges } from "@/lib/fitment/part-changes";
import type { ListedPart } from "@/lib/parts/listed-part";
import { allEnded } from "@/lib/storage/all-ended";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError } from "@/lib/storage/lock";
import { keepLists, type ListChange } from "@/lib/storage/ordered-lists";
import { forgetRememberedPart, type LockedPart, withFreeLockedParts } from "@/lib/stock/part-stock";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import type { NewPart, PartUpdate } from "@/lib/validation/parts";
import { Part, type PartDoc } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// Many parts added and edited at once (a catalogue import's batch), at a cost that does not grow with
// their lists: their locks taken in one write, their writes noted in one, their documents written in
// bulk, and every list they change kept in one call (keepLists: each list once for the whole batch). Each part ends as Add
// Product or Manage Product would leave it; a batch cut short is completed as it was written,
// together. What the one-part commands handle better is left to them: a part whose lock is held
// elsewhere, a SKU already claimed (a rival, or a claim left behind) or changed.

/** What the caller wants of a part, given it as read under its lock (null: not in the catalogue). */
export type WantedPart = (part: LockedPart | null) => { add: NewPart } | { edit: PartUpdate; quantity: number } | null | "elsewhere";

/** What came of a part: written (added, updated, unchanged), refused with the reason, or left to the one-part path. */
export type PartOutcome = "added" | "updated" | "unchanged" | "elsewhere" | InvalidInputError;

type Planned = { id: string; before: ListedPart | null; after: ListedPart; write: "insert" | "update"; set?: object; unset?: string[] };

/** The part as an edit leaves it, in memory: what its lists are made of. */
function edited(part: LockedPart, set: object, unset: readonly string[]): ListedPart {
  const after: Record<string, unknown> = { ...part, ...set };
  for (const field of unset) delete after[field];
  return after as unknown as ListedPart;
}

/** Plans each held part's write, or its outcome when there is none to make. */
function plan(wanted: ReadonlyMap<string, WantedPart>, parts: Map<string, LockedPart | null>, outcomes: Map<string, PartOutcome>): Planned[] {
  const planned: Planned[] = [];
  for (const [id, want] of wanted) {
    if (outcomes.has(id)) continue;
    const part = parts.get(id) ?? null;
    const wish = want(part);
    if (!wish || wish === "elsewhere") outcomes.set(id, wish ?? "unchanged");
    else if ("add" in wish) {
      // A part already under this id was added by an earlier try cut short: the one-part path completes it.
      if (part) outcomes.set(id, "elsewhere");
      else planned.push({ id, before: null, after: newPartFields(new Types.ObjectId(id), wish.add) as unknown as ListedPart, write: "insert" });
    } else if (part) {
      try {
        const { set, unset, skuChanged } = editOf(part, wish.edit, wish.quantity);
        // A new SKU must be claimed, with the claim's rules: the one-part command does that.
        if (skuChanged) outcomes.set(id, "elsewhere");
        else if (Object.keys(set).length === 0 && unset.length === 0 && wish.quantity === part.quantity) outcomes.set(id, "unchanged");
        else planned.push({ id, before: part, after: edited(part, { ...set, quantity: wish.quantity }, unset), write: "update", set: { ...set, quantity: wish.quantity }, unset });
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        outcomes.set(id, error);
      }
    } else outcomes.set(id, "elsewhere");
  }
  return planned;
}

/** Claims the new parts' SKUs in one insert; those already claimed are taken back out of the plan (their part unwritten). */
async function claimNewSkus(planned: Planned[], outcomes: Map<string, PartOutcome>): Promise<Planned[]> {
  const claims = planned.filter((write) => write.write === "insert" && write.after.sku).map((write) => ({ _id: compactNumber(write.after.sku!), part: new Types.ObjectId(write.id) }));
  if (claims.length === 0) return planned;
  const refused = new Set<string>();
  try {
    await SkuClaim.collection.insertMany(claims as never[], { ordered: false });
  } catch (error) {
    const failed = (error as { writeErrors?: { index: number; code?: number }[] }).writeErrors;
    if (!Array.isArray(failed) || failed.some((write) => write.code !== 11000)) throw error;
    for (const write of failed) refused.add(String(claims[write.index]!.part));
  }
  for (const id of refused) outcomes.set(id, "elsewhere");
  return planned.filter((write) => !refused.has(write.id));
}

/**
 * Adds and edits these parts together (`wanted`: by part id as a lower-case hex string, a new part's chosen id or an existing
 * part's), each read under its lock. What came of each; those "elsewhere" are for the caller to
 * write through addPart or updatePart once this returns (their locks are let go by then). Each hold
 * is run through `hold` (an import's job gives way to customers after each: lib/imports/give-way.ts).
 */
export async function writePartsTogether(
  wanted: ReadonlyMap<string, WantedPart>,
  { hold = (write) => write() }: { hold?: <T>(write: () => Promise<T>) => Promise<T> } = {},
): Promise<Map<string, PartOutcome>> {
  await connectDb();
  const outcomes = new Map<string, PartOutcome>();
  const entries = [...wanted];
  for (let from = 0; from < entries.length; from += PARTS_PER_HOLD) {
    const held = await hold(() => writeHeldTogether(new Map(entries.slice(from, from + PARTS_PER_HOLD))));
    for (const [id, outcome] of held) outcomes.set(id, outcome);
  }
  return outcomes;
}

/**
 * Parts written under one hold of their locks (kept alive while it lasts, lib/storage/lock.ts):
 * 100 new parts' lists take some seconds, so an order or an admin's edit of one of them waits that
 * long at most (within its lock's wait, 10 s by default), while the lists they share are still
 * written once a hold.
 */
const PARTS_PER_HOLD = 100;

/** writePartsTogether for parts few enough to be written under one hold of their locks. */
async function writeHeldTogether(wanted: ReadonlyMap<string, WantedPart>): Promise<Map<string, PartOutcome>> {
  return withFreeLockedParts(
    [...wanted.keys()],
    async (parts, busy, stillHeld) => {
      const outcomes = new Map<string, PartOutcome>(busy.map((id) => [id, "elsewhere"]));
      const held = [...wanted.keys()].filter((id) => !outcomes.has(id));
      // A batch cut short (a crash, the database gone) is completed as it was written, together, before its rows are read again.
      await completeCutShortPartWritesTogether(held);
      const planned = plan(wanted, parts, outcomes);
      if (planned.length === 0) return outcomes;
      const done = await partWrites.beginMany(new Map(planned.map((write): [string, PartNote] => [write.id, { part: { before: write.before && listedOf(write.before as PartDoc) } }])));
      await stillOurs(planned, stillHeld);
      const written = await writeDocuments(planned, outcomes);
      const changes = await changesOf(written);
      await stillOurs(written, stillHeld);
      await keepLists(changes);
      await done();
      for (const write of written) outcomes.set(write.id, write.write === "insert" ? "added" : "updated");
      await partsChanged(...written.map((write) => write.id));
      await stockChanged(written.filter((write) => write.write === "update").map((write) => write.id), { now: true });
      return outcomes;
    },
    () => false,
  );
}

/**
 * The locks of the parts about to be written are still this hold's: a hold that stalled past their
 * life (renewal failing, the process paused) may have lost some to another writer, and writing under
 * that writer's lock would undo its work. The batch is then tried again; its notes complete what was written.
 */
async function stillOurs(planned: readonly Planned[], stillHeld: (ids: string[]) => Promise<Set<string>>): Promise<void> {
  const ids = planned.map((write) => write.id);
  const held = await stillHeld(ids);
  const lost = ids.filter((id) => !held.has(id));
  if (lost.length > 0) throw new LockBusyError(`${lost.length} of the batch's parts were taken over by another writer while it held them; the batch is tried again`);
}

/** Writes the planned parts' documents once their SKUs are claimed; the writes made, with the new parts as stored. */
async function writeDocuments(planned: Planned[], outcomes: Map<string, PartOutcome>): Promise<Planned[]> {
  // The SKUs are claimed once the note is written, and before the parts bear them: as addPart does, in bulk.
  const claimed = await claimNewSkus(planned, outcomes);
  const inserted = await insertNewParts(claimed.filter((write) => write.write === "insert"), outcomes);
  const updates = claimed.filter((write) => write.write === "update");
  // A part this process remembers from an order's stock write is read afresh by the next order.
  updates.forEach((write) => forgetRememberedPart(write.id));
  // One update by id each, side by side: the engine answers a bulk update slower than as many single ones.
  await allEnded(updates.map((write) => Part.updateOne({ _id: write.id }, { $set: write.set!, ...(write.unset!.length > 0 ? { $unset: Object.fromEntries(write.unset!.map((field) => [field, 1])) } : {}) })));
  return [...inserted, ...updates];
}

/**
 * Inserts the new parts in one write, the lists then made of them as stored (their time of adding is
 * the database's). Mongoose leaves out, without an error, a document its schema refuses: such a part
 * is refused with the schema's reason, its SKU's claim let go, and it gets no lists.
 */
async function insertNewParts(inserts: Planned[], outcomes: Map<string, PartOutcome>): Promise<Planned[]> {
  if (inserts.length === 0) return [];
  const stored = new Map((await Part.insertMany(inserts.map((write) => write.after), { ordered: false })).map((part) => [String(part._id), part.toObject() as unknown as ListedPart]));
  const refused = inserts.filter((write) => !stored.has(write.id));
  for (const write of refused) outcomes.set(write.id, await refusalOf(write));
  await allEnded(refused.flatMap((write) => (write.after.sku ? [releaseSku(write.after.sku, new Types.ObjectId(write.id))] : [])));
  return inserts.filter((write) => stored.has(write.id)).map((write) => ({ ...write, after: stored.get(write.id)! }));
}

/** Why the Part schema refuses a new part, in the words of the fields it names. */
async function refusalOf(write: Planned): Promise<InvalidInputError> {
  const invalid = await new Part(write.after).validate().then(
    () => null,
    (error: unknown) => (error instanceof mongoose.Error.ValidationError ? error : null),
  );
  const errors = Object.values(invalid?.errors ?? {});
  const reasons = errors.map((error) => `${error.path}: the catalogue does not accept this value (${error.kind})`);
  return new InvalidInputError(reasons.length > 0 ? reasons.join("; ") : "the part could not be stored");
}

/** Every list change the written parts make: the catalogue's, and their entries in the vehicles' lists. */
async function changesOf(written: readonly Planned[]): Promise<ListChange[]> {
  await rememberBrands(written.map((write) => write.after.brand));
  const changes: ListChange[] = written.flatMap((write) => listChanges(write.before, write.after));
  // Reads only: nothing is left running should one fail.
  const updates = written.filter((write) => write.write === "update");
  changes.push(...(await Promise.all(updates.map((write) => partKeyChanges(write.before!, write.after)))).flat());
  return changes;
}

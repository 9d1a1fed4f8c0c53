import "server-only";
import { createHash } from "node:crypto";
import { Types } from "mongoose";
import { addPart, updatePart } from "@/lib/catalogue/commands";
import { completeCutShortPartWrite } from "@/lib/catalogue/part-writes";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { fieldsOfColumns, readPartRow, readPartsHeader } from "@/lib/imports/part-rows";
import type { BatchContext, BatchOutcome, FileRow, ImportKind } from "@/lib/imports/kinds";
import { setStock } from "@/lib/stock/adjust";
import type { LockedPart } from "@/lib/stock/part-stock";
import { type WantedPart, writePartsTogether } from "@/lib/catalogue/parts-together";
import { givingWay } from "@/lib/imports/give-way";
import type { NewPart, PartUpdate } from "@/lib/validation/parts";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { Part, type PartDoc } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// A parts file's batch: a new SKU is added through Add Product's command (addPart), an existing one
// updated through Manage Product's (updatePart) with only the fields that differ, and its stock set
// to the row's count under the part's lock. A row equal to its part writes nothing, so a batch
// replayed after a crash changes nothing twice; a part the row added takes an id of the job and the
// line, so a replay cut short before the part's SKU was claimed finds that part rather than adding another.

type Edited = "partsname" | "image" | "price" | "minOrder" | "maxPerOrder" | "description" | "brand" | "category" | "mpn";
const EDITED: Edited[] = ["partsname", "image", "price", "minOrder", "maxPerOrder", "description", "brand", "category", "mpn"];

/** The part bearing this SKU, found by its claim (models/SkuClaim.ts). */
async function partOfSku(sku: string): Promise<PartDoc | null> {
  const key = compactNumber(sku);
  const claim = await SkuClaim.findById(key).lean();
  if (!claim) return null;
  const part = await Part.findById(claim.part).lean<PartDoc>();
  return part && compactNumber(part.sku ?? "") === key ? part : null;
}

/**
 * The row's fields that differ from the part's, among those the file has columns for (a file without
 * a brand column leaves every brand as it is); a cell left empty keeps a maximum per order (the form
 * cannot unset it either).
 */
function changesOf(part: Omit<PartDoc, "stockTakenFor">, row: NewPart, given: ReadonlySet<keyof NewPart>): PartUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of EDITED.filter((edited) => given.has(edited))) {
    const wanted = row[field];
    if (field === "maxPerOrder" && wanted === undefined) continue;
    if ((wanted ?? "") !== (part[field] ?? "")) changes[field] = wanted ?? "";
  }
  return changes as PartUpdate;
}

/** The id of the part this row adds: the job's time, then a digest of the job and the line. */
export function rowPartId(jobId: string, line: number): Types.ObjectId {
  const digest = createHash("sha256").update(`${jobId}:${line}`).digest();
  return new Types.ObjectId(Buffer.concat([Buffer.from(jobId, "hex").subarray(0, 4), digest.subarray(0, 8)]));
}

/**
 * The part an earlier try of this row added, its write cut short before its SKU was claimed:
 * completed, then found by its SKU. A part under the row's id that bears another SKU by now (an
 * admin changed it between the tries) is not added again: the row is refused, saying so.
 */
async function addedByEarlierTry(id: Types.ObjectId, sku: string): Promise<PartDoc | null> {
  if (!(await Part.exists({ _id: id }))) return null;
  await completeCutShortPartWrite(String(id));
  const part = await partOfSku(sku);
  if (part) return part;
  const now = await Part.findById(id, { sku: 1 }).lean<{ sku?: string }>();
  throw new ConflictError(`sku: the part an earlier try of this line added bears the SKU ${now?.sku ?? "(none)"} by now; import ${sku} again in another file to add it`);
}

/** What the row did to its part: the outcome's count it adds to. */
async function applyRow(row: NewPart & { sku: string }, given: ReadonlySet<keyof NewPart>, newId: Types.ObjectId, rivalSeen = false): Promise<"added" | "updated" | "unchanged"> {
  const part = (await partOfSku(row.sku)) ?? (await addedByEarlierTry(newId, row.sku));
  if (!part) {
    try {
      await addPart(row, { id: newId });
      return "added";
    } catch (error) {
      // Another import (or an admin) added this SKU meanwhile: the row updates that part instead, once.
      if (!(error instanceof ConflictError) || rivalSeen) throw error;
      return applyRow(row, given, newId, true);
    }
  }
  const id = String(part._id);
  const changes = changesOf(part, row, given);
  const stockMoved = await setStock(id, row.quantity);
  if (Object.keys(changes).length > 0) await updatePart(id, changes);
  // A row equal to its part may be the replay of one whose write a crash cut short: its lists are completed.
  else await completeCutShortPartWrite(id);
  return stockMoved || Object.keys(changes).length > 0 ? "updated" : "unchanged";
}

/** Adds the row's outcome to the batch's. */
function count(outcome: BatchOutcome, row: ReadRow, result: "added" | "updated" | "unchanged" | Error): void {
  if (result instanceof Error) outcome.refused.push({ line: row.line, reason: result.message, cells: row.fields });
  else {
    outcome[result] += 1;
    outcome.accepted += 1;
  }
}

type ReadRow = FileRow & { part: NewPart & { sku: string } };

/** The parts bearing these SKUs (compact), read by their claims: one read by id each, all at once. */
async function partsOfSkus(keys: string[]): Promise<Map<string, PartDoc | null>> {
  const parts = await Promise.all(keys.map(partOfSku));
  return new Map(keys.map((key, i) => [key, parts[i]!]));
}

/** What the batch wants of the part a row names: its new part, or the edit and stock that bring the part to the row. */
function wish(row: ReadRow, given: ReadonlySet<keyof NewPart>, found: PartDoc | null): WantedPart {
  const key = compactNumber(row.part.sku);
  // Read again under the part's lock: a part deleted or given another SKU meanwhile is the one-row
  // path's. A new part's id found taken is this row's own part, added by an earlier try cut short.
  const edit = (part: LockedPart) => (compactNumber(part.sku ?? "") === key ? { edit: changesOf(part, row.part, given), quantity: row.part.quantity } : "elsewhere");
  if (!found) return (part) => (part ? edit(part) : { add: row.part });
  return (part) => (part ? edit(part) : "elsewhere");
}

/**
 * A batch's rows: the first row of each SKU written together with the others (writePartsTogether),
 * then, one by one in the file's order, the rows it left to the one-part commands and the rows
 * naming a SKU again.
 */
async function applyBatch(columns: string[], rows: FileRow[], { jobId }: BatchContext): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { accepted: 0, added: 0, updated: 0, unchanged: 0, refused: [], replacedParts: [] };
  const header = readPartsHeader(columns);
  const given = fieldsOfColumns(header);
  const firsts = new Map<string, ReadRow>();
  let oneByOne: ReadRow[] = [];
  for (const { line, fields } of rows) {
    const read = readPartRow(header, fields);
    if ("reason" in read) outcome.refused.push({ line, reason: read.reason, cells: fields });
    else if (firsts.has(compactNumber(read.part.sku))) oneByOne.push({ line, fields, part: read.part });
    else firsts.set(compactNumber(read.part.sku), { line, fields, part: read.part });
  }
  const found = await partsOfSkus([...firsts.keys()]);
  const rowOf = new Map<string, ReadRow>();
  const wanted = new Map<string, WantedPart>();
  for (const [key, row] of firsts) {
    const part = found.get(key) ?? null;
    const id = String(part?._id ?? rowPartId(jobId, row.line));
    // Two rows may name one part: a new SKU's row whose earlier try added the part that another SKU's row now finds (its SKU changed since).
    if (wanted.has(id)) oneByOne.push(row);
    else {
      rowOf.set(id, row);
      wanted.set(id, wish(row, given, part));
    }
  }
  for (const [id, result] of await writePartsTogether(wanted, { hold: givingWay })) {
    if (result === "elsewhere") oneByOne.push(rowOf.get(id)!);
    else count(outcome, rowOf.get(id)!, result);
  }
  oneByOne = oneByOne.sort((a, b) => a.line - b.line);
  for (const row of oneByOne) {
    try {
      count(outcome, row, await applyRow(row.part, given, rowPartId(jobId, row.line)));
    } catch (error) {
      // The shop's own rules (a SKU another part took meanwhile, a part deleted meanwhile) refuse the row; anything else retries the batch.
      if (!(error instanceof InvalidInputError || error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      count(outcome, row, error);
    }
  }
  outcome.refused.sort((a, b) => a.line - b.line);
  return outcome;
}

export const PARTS_IMPORT: ImportKind = { checkHeader: readPartsHeader, applyBatch };

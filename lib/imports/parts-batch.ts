import "server-only";
import { addPart, updatePart } from "@/lib/catalogue/commands";
import { completeCutShortPartWrite } from "@/lib/catalogue/part-writes";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { fieldsOfColumns, readPartRow, readPartsHeader } from "@/lib/imports/part-rows";
import type { BatchOutcome, FileRow, ImportKind } from "@/lib/imports/kinds";
import { adjustStock } from "@/lib/stock/adjust";
import type { NewPart, PartUpdate } from "@/lib/validation/parts";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { Part, type PartDoc } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// A parts file's batch: a new SKU is added through Add Product's command (addPart), an existing one
// updated through Manage Product's (updatePart) with only the fields that differ, and its stock
// moved by the difference (adjustStock, under the part's lock). A row equal to its part writes nothing,
// so a batch replayed after a crash changes nothing twice.

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
function changesOf(part: PartDoc, row: NewPart, given: ReadonlySet<keyof NewPart>): PartUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of EDITED.filter((edited) => given.has(edited))) {
    const wanted = row[field];
    if (field === "maxPerOrder" && wanted === undefined) continue;
    if ((wanted ?? "") !== (part[field] ?? "")) changes[field] = wanted ?? "";
  }
  return changes as PartUpdate;
}

/** What the row did to its part: the outcome's count it adds to. */
async function applyRow(row: NewPart & { sku: string }, given: ReadonlySet<keyof NewPart>, rivalSeen = false): Promise<"added" | "updated" | "unchanged"> {
  const part = await partOfSku(row.sku);
  if (!part) {
    try {
      await addPart(row);
      return "added";
    } catch (error) {
      // Another import (or an admin) added this SKU meanwhile: the row updates that part instead, once.
      if (!(error instanceof ConflictError) || rivalSeen) throw error;
      return applyRow(row, given, true);
    }
  }
  const id = String(part._id);
  const changes = changesOf(part, row, given);
  const stockMoved = row.quantity !== part.quantity;
  if (stockMoved) await adjustStock(id, row.quantity - part.quantity);
  if (Object.keys(changes).length > 0) await updatePart(id, changes);
  // A row equal to its part may be the replay of one whose write a crash cut short: its lists are completed.
  else await completeCutShortPartWrite(id);
  return stockMoved || Object.keys(changes).length > 0 ? "updated" : "unchanged";
}

async function applyBatch(columns: string[], rows: FileRow[]): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { accepted: 0, added: 0, updated: 0, unchanged: 0, refused: [], replacedParts: [] };
  const header = readPartsHeader(columns);
  const given = fieldsOfColumns(header);
  for (const { line, fields } of rows) {
    const read = readPartRow(header, fields);
    if ("reason" in read) {
      outcome.refused.push({ line, reason: read.reason, cells: fields });
      continue;
    }
    try {
      outcome[await applyRow(read.part, given)] += 1;
      outcome.accepted += 1;
    } catch (error) {
      // The shop's own rules (a SKU another part took meanwhile, a part deleted meanwhile) refuse the row; anything else retries the batch.
      if (!(error instanceof InvalidInputError || error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      outcome.refused.push({ line, reason: error.message, cells: fields });
    }
  }
  return outcome;
}

export const PARTS_IMPORT: ImportKind = { checkHeader: readPartsHeader, applyBatch };

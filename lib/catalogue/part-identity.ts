import { gtinDigits } from "@/lib/vocabulary/part-numbers";
import type { NewPart, PartUpdate } from "@/lib/validation/parts";

// A part's brand, category and numbers as stored: the form's empty fields are not stored (in an
// edit, they clear what was there), a GTIN keeps its digits only, repeated OEM numbers are kept once.

type Identity = Pick<NewPart, "brand" | "category" | "mpn" | "sku" | "gtin" | "oemNumbers">;
export type IdentityField = keyof Identity;
export const IDENTITY_FIELDS: IdentityField[] = ["brand", "category", "mpn", "sku", "gtin", "oemNumbers"];

type Stored = { brand?: string; category?: string; mpn?: string; sku?: string; gtin?: string; oemNumbers?: string[] };

/** The value to store for one field, null when the field is to be cleared, undefined when not given. */
function storedValue(field: IdentityField, value: Identity[IdentityField]): string | string[] | null | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    const numbers = [...new Set(value.filter((number) => number !== ""))];
    return numbers.length > 0 ? numbers : null;
  }
  if (value === "") return null;
  return field === "gtin" ? gtinDigits(value) : value;
}

/** What a new part stores: the fields given and not empty. */
export function identityOf(input: Identity): Stored {
  const stored: Record<string, string | string[]> = {};
  for (const field of IDENTITY_FIELDS) {
    const value = storedValue(field, input[field]);
    if (value != null) stored[field] = value;
  }
  return stored as Stored;
}

/** An edit's changes to them: fields to set, and fields emptied to unset. */
export function identityChanges(changes: Pick<PartUpdate, IdentityField>): { set: Stored; unset: IdentityField[] } {
  const set: Record<string, string | string[]> = {};
  const unset: IdentityField[] = [];
  for (const field of IDENTITY_FIELDS) {
    const value = storedValue(field, changes[field]);
    if (value === null) unset.push(field);
    else if (value !== undefined) set[field] = value;
  }
  return { set: set as Stored, unset };
}

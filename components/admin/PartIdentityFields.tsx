import type { FieldError, Merge, UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/forms/FormField";
import { PART_CATEGORIES } from "@/lib/vocabulary/categories";
import { MAX_OEM_NUMBERS } from "@/lib/vocabulary/part-numbers";

// The add-product form's and the edit dialog's brand, category and numbers: all optional.

type Field = "brand" | "category" | "mpn" | "sku" | "gtin" | "oemNumbers";
type Register = (name: Field, options?: { setValueAs: (value: unknown) => unknown }) => UseFormRegisterReturn;
type Errors = Partial<Record<Exclude<Field, "oemNumbers">, FieldError>> & { oemNumbers?: Merge<FieldError, (FieldError | undefined)[]> };

/** OEM numbers as typed in their box: one per line, or separated by commas or semicolons. */
export const readOemNumbers = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? "").split(/[\n,;]+/)).map((number) => number.trim()).filter(Boolean);

/** A field's message, or for the OEM numbers the list's or else its first number's. */
function messageOf(error: Errors[Field]): string | undefined {
  if (!error || error.message) return error?.message;
  return Object.values(error).find((item): item is FieldError => typeof item === "object" && item !== null && "message" in item && Boolean(item.message))?.message;
}

export function PartIdentityFields({ idFor, register, errors }: { idFor: (field: Field) => string; register: Register; errors: Errors }) {
  const category = register("category");
  const categoryError = messageOf(errors.category);
  return (
    <fieldset className="flex flex-col gap-4 rounded border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Brand and part numbers (optional)</legend>
      <FormField id={idFor("brand")} label="Brand" registration={register("brand")} error={messageOf(errors.brand)} />
      <div className="flex flex-col gap-1">
        <label htmlFor={idFor("category")} className="text-sm font-medium">
          Category
        </label>
        <select
          id={idFor("category")}
          {...category}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? `${idFor("category")}-error` : undefined}
          className="rounded border border-slate-300 bg-white px-3 py-2"
        >
          <option value="">No category</option>
          {Object.entries(PART_CATEGORIES).map(([slug, name]) => (
            <option key={slug} value={slug}>
              {name}
            </option>
          ))}
        </select>
        {categoryError ? (
          <p id={`${idFor("category")}-error`} role="alert" className="text-sm text-red-600">
            {categoryError}
          </p>
        ) : null}
      </div>
      <FormField id={idFor("mpn")} label="Manufacturer part number (MPN)" registration={register("mpn")} error={messageOf(errors.mpn)} />
      <FormField id={idFor("sku")} label="SKU" hint="The shop's own number for the part: no two parts share one." registration={register("sku")} error={messageOf(errors.sku)} />
      <FormField id={idFor("gtin")} label="GTIN (EAN / UPC barcode number)" inputMode="numeric" registration={register("gtin")} error={messageOf(errors.gtin)} />
      <FormField
        id={idFor("oemNumbers")}
        label="OEM / interchange numbers"
        multiline
        hint={`One per line or separated by commas; at most ${MAX_OEM_NUMBERS}.`}
        registration={register("oemNumbers", { setValueAs: readOemNumbers })}
        error={messageOf(errors.oemNumbers)}
      />
    </fieldset>
  );
}

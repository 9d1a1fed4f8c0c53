import { FIRST_YEAR, lastYear, MAX_SLUG_LENGTH, SLUG_PATTERN } from "@/lib/vocabulary/vehicles";
import { slugOf } from "@/lib/vocabulary/names";
import { plainText } from "@/lib/validation/common";
import { z } from "@/lib/validation/zod";

// An admin's fitment rows (POST /carparts/{id}/fitment and the CSV import): a part fits a make and
// model over a range of years, optionally one engine, optionally in one position, with a note.

export const FITMENT_POSITIONS = ["front", "rear", "left", "right", "front-left", "front-right", "rear-left", "rear-right"] as const;
export type FitmentPosition = (typeof FITMENT_POSITIONS)[number];

/** Years one row may span: a range expands into one fitment per year. */
export const MAX_YEARS_PER_ROW = 40;
/** Rows one request may add: 100 rows fit in the 16 KiB a JSON body may have (lib/server/body-cap.ts). */
export const MAX_ROWS_PER_REQUEST = 100;
/** Model years one request may touch: a row's year range expands into one document per year. */
export const MAX_MODEL_YEARS_PER_REQUEST = 1000;
/** A fitment CSV (POST /fitment-imports): 5,000 rows of ordinary length fit well inside it. */
export const FITMENT_IMPORT_MAX_BYTES = 1024 * 1024;

export const FITMENT_MESSAGES = {
  year: `Years must be whole numbers from ${FIRST_YEAR} to next year`,
  yearOrder: "The last year cannot be before the first",
  yearSpan: `A row may span at most ${MAX_YEARS_PER_ROW} years`,
  make: "Make is required (Latin letters or digits)",
  model: "Model is required (Latin letters or digits)",
  engine: "Engine must have Latin letters or digits",
  position: `Position must be one of ${FITMENT_POSITIONS.join(", ")}`,
  rows: `Send 1 to ${MAX_ROWS_PER_REQUEST} rows`,
} as const;

const year = z.number({ error: FITMENT_MESSAGES.year }).int(FITMENT_MESSAGES.year).min(FIRST_YEAR, FITMENT_MESSAGES.year).refine((y) => y <= lastYear(), FITMENT_MESSAGES.year);
/** A name with at least one letter or digit, so its slug is never empty. */
const vehicleName = (max: number, message: string) => plainText(max, {}, message).trim().refine((text) => slugOf(text) !== "", message);

export const fitmentRowSchema = z
  .object({
    yearFrom: year,
    /** Defaults to yearFrom: one year. */
    yearTo: year.optional(),
    make: vehicleName(40, FITMENT_MESSAGES.make),
    model: vehicleName(60, FITMENT_MESSAGES.model),
    engine: vehicleName(60, FITMENT_MESSAGES.engine).optional(),
    position: z.enum(FITMENT_POSITIONS, { error: FITMENT_MESSAGES.position }).optional(),
    note: plainText(200).trim().optional(),
  })
  .refine((row) => row.yearTo === undefined || row.yearTo >= row.yearFrom, { message: FITMENT_MESSAGES.yearOrder, path: ["yearTo"] })
  .refine((row) => (row.yearTo ?? row.yearFrom) - row.yearFrom < MAX_YEARS_PER_ROW, { message: FITMENT_MESSAGES.yearSpan, path: ["yearTo"] })
  .meta({ id: "FitmentRow" });

export type FitmentRow = z.output<typeof fitmentRowSchema>;

export const fitmentAddSchema = z
  .object({ rows: z.array(fitmentRowSchema, { error: FITMENT_MESSAGES.rows }).min(1, FITMENT_MESSAGES.rows).max(MAX_ROWS_PER_REQUEST, FITMENT_MESSAGES.rows) })
  .meta({ id: "FitmentAdd" });

/** PUT /carparts/{id}/universal: a universal part fits every vehicle (floor mats, bulbs by socket…). */
export const universalSchema = z.object({ universal: z.boolean({ error: "universal must be true or false" }) }).meta({ id: "UniversalChange" });

/** DELETE /carparts/{id}/fitment/{year}/{make}/{model}: only the applications of this engine (slug) and/or position. */
export const fitmentRemovalQuerySchema = z
  .object({
    engine: z
      .string()
      .max(MAX_SLUG_LENGTH)
      .refine((text) => text !== "" && text === slugOf(text), "engine must be an engine's slug (lower case, words joined by dashes)")
      .meta({ pattern: SLUG_PATTERN })
      .optional(),
    position: z.enum(FITMENT_POSITIONS, { error: FITMENT_MESSAGES.position }).optional(),
  });

import { z } from "@/lib/validation/zod";
import { CATEGORY_SLUGS } from "@/lib/vocabulary/categories";
import { MAX_OEM_NUMBERS, MAX_PART_NUMBER_LENGTH, MIN_PART_NUMBER_LENGTH, isPartNumber, isValidGtin } from "@/lib/vocabulary/part-numbers";
import { plainText, requiredText } from "@/lib/validation/common";
import { partImageField } from "@/lib/validation/part-image";

// SPEC 5, add-product form; shared by the form and POST /carparts. The edit form of Manage Product
// and PUT /carparts/{id} use the same field rules.
export const PART_MESSAGES = {
  partsname: "Part name is required",
  image: "Image must be a link starting with https://, or an uploaded picture",
  price: "Price must be a number greater than 0",
  priceCents: "Price must be in whole cents (at most 2 decimals)",
  quantity: "Quantity must be a whole number, 0 or more",
  minOrder: "Minimum order must be a whole number, 1 or more",
  minOrderAboveStock: "Minimum order cannot be above the available quantity",
  maxPerOrder: "Maximum per order must be a whole number, 1 or more",
  maxPerOrderBelowMin: "Maximum per order cannot be below the minimum order",
  description: "Description is required",
  brand: "Brand must be 60 characters or fewer",
  category: "Choose one of the catalogue's categories",
  partNumber: `Must be ${MIN_PART_NUMBER_LENGTH} to ${MAX_PART_NUMBER_LENGTH} characters: letters and digits, with dashes, dots, slashes or spaces between them`,
  gtin: "GTIN must be 8, 12, 13 or 14 digits with a valid check digit",
  oemNumbers: `At most ${MAX_OEM_NUMBERS} OEM or interchange numbers`,
  skuTaken: "This SKU is already another part's",
  delta: "The stock change must be a whole number other than 0",
  quantityInUpdate: "Change the stock with PATCH /carparts/{id}/stock and a { delta }, so orders placed meanwhile are not overwritten",
  emptyUpdate: "Send at least one of partsname, image, price, minOrder, maxPerOrder, description, brand, category, mpn, sku, gtin, oemNumbers",
} as const;

export const MAX_STOCK = 1_000_000;

/** What one order may take of a part whose admin has set no maximum. */
export const DEFAULT_MAX_PER_ORDER = 100;

/** Whole cents: 0.1 + 0.2 style float noise is tolerated, a third decimal is not. */
export const isWholeCents = (price: number): boolean => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** The most one order may take: the part's own maximum, else the default (never below its minimum order). */
export const maxPerOrderOf = (part: { minOrder: number; maxPerOrder?: number | null }): number =>
  part.maxPerOrder ?? Math.max(DEFAULT_MAX_PER_ORDER, part.minOrder);

/** The largest order the part allows right now: SPEC 5's "Max order", the lesser of the stock and the per-order maximum. */
export const largestOrder = (part: { quantity: number; minOrder: number; maxPerOrder?: number | null }): number => Math.min(part.quantity, maxPerOrderOf(part));

const partFields = {
  partsname: requiredText(120, PART_MESSAGES.partsname),
  image: partImageField(PART_MESSAGES.image),
  price: z.number({ error: PART_MESSAGES.price }).positive(PART_MESSAGES.price).max(1_000_000, "Price must be at most 1000000").refine(isWholeCents, PART_MESSAGES.priceCents),
  quantity: z.number({ error: PART_MESSAGES.quantity }).int(PART_MESSAGES.quantity).min(0, PART_MESSAGES.quantity).max(MAX_STOCK, `Quantity must be at most ${MAX_STOCK}`),
  minOrder: z.number({ error: PART_MESSAGES.minOrder }).int(PART_MESSAGES.minOrder).min(1, PART_MESSAGES.minOrder).max(MAX_STOCK, `Minimum order must be at most ${MAX_STOCK}`),
  maxPerOrder: z.number({ error: PART_MESSAGES.maxPerOrder }).int(PART_MESSAGES.maxPerOrder).min(1, PART_MESSAGES.maxPerOrder).max(MAX_STOCK, `Maximum per order must be at most ${MAX_STOCK}`),
  description: requiredText(4000, PART_MESSAGES.description, { multiline: true }),
};

// A part's brand, category and numbers: optional, and "" (or [] for oemNumbers) clears one in an edit.
const partNumber = plainText(MAX_PART_NUMBER_LENGTH).trim().refine((text) => text === "" || isPartNumber(text), PART_MESSAGES.partNumber);
const identityFields = {
  brand: plainText(60, {}, PART_MESSAGES.brand).trim().optional(),
  category: z.enum([...CATEGORY_SLUGS, ""], { error: PART_MESSAGES.category }).optional(),
  mpn: partNumber.optional().meta({ description: "Manufacturer part number" }),
  sku: partNumber.optional().meta({ description: "The shop's stock-keeping unit: no two parts share one" }),
  gtin: plainText(20, {}, PART_MESSAGES.gtin)
    .trim()
    .refine((text) => text === "" || isValidGtin(text), PART_MESSAGES.gtin)
    .optional()
    .meta({ description: "GTIN-8, -12 (UPC), -13 (EAN) or -14; spaces and dashes are taken out" }),
  oemNumbers: z.array(partNumber, { error: PART_MESSAGES.oemNumbers }).max(MAX_OEM_NUMBERS, PART_MESSAGES.oemNumbers).optional().meta({ description: "OEM and interchange numbers" }),
};

/** A maximum per order, when given, may not be below the minimum order. */
const maxFitsMin = (p: { minOrder?: number; maxPerOrder?: number }): boolean => p.maxPerOrder === undefined || p.minOrder === undefined || p.maxPerOrder >= p.minOrder;
const maxFitsMinIssue = { message: PART_MESSAGES.maxPerOrderBelowMin, path: ["maxPerOrder"] };

/** A part may be out of stock (0) whatever its minOrder; otherwise minOrder may not be above the stock. */
export const minOrderFits = (minOrder: number, quantity: number): boolean => minOrder <= quantity || quantity === 0;

export const partSchema = z
  .object({
    ...partFields,
    ...identityFields,
    minOrder: partFields.minOrder.default(1),
    maxPerOrder: partFields.maxPerOrder.optional(),
    /** Sent by the original client; ignored: the part is added by the signed-in admin. */
    email: z.string().max(254).optional(),
  })
  .refine((p) => minOrderFits(p.minOrder, p.quantity), { message: PART_MESSAGES.minOrderAboveStock, path: ["minOrder"] })
  .refine(maxFitsMin, maxFitsMinIssue)
  .meta({ id: "PartInput" });

export type PartInput = z.input<typeof partSchema>;
export type NewPart = z.output<typeof partSchema>;

/**
 * Manage Product's edit form: every field of a part but the stock, all required but the
 * maximum per order, the brand, the category and the numbers; same rules as adding.
 * The stock changes only by a delta (partStockSchema), under the part's stock lock.
 */
const partEditFields = z.object({
  partsname: partFields.partsname,
  image: partFields.image,
  price: partFields.price,
  minOrder: partFields.minOrder,
  /** Optional even here: left empty, the part keeps the default maximum. */
  maxPerOrder: partFields.maxPerOrder.optional(),
  description: partFields.description,
  ...identityFields,
});

export const partEditSchema = partEditFields.refine(maxFitsMin, maxFitsMinIssue);

export type PartEditInput = z.input<typeof partEditSchema>;
export type PartEdit = z.output<typeof partEditSchema>;

/** PUT /carparts/{id}: any of the edit form's fields; the fields left out are kept. */
export const partUpdateSchema = partEditFields
  .partial()
  .extend({
    /** Refused: stock changes go through PATCH /carparts/{id}/stock. Documented so clients see why. */
    quantity: z.never({ error: PART_MESSAGES.quantityInUpdate }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: PART_MESSAGES.emptyUpdate })
  .refine(maxFitsMin, maxFitsMinIssue)
  .meta({ id: "PartUpdate" });

export type PartUpdate = z.output<typeof partUpdateSchema>;

/** PATCH /carparts/{id}/stock: units to add (positive) or take away (negative); the result may not go below 0. */
export const partStockSchema = z
  .object({
    delta: z.number({ error: PART_MESSAGES.delta }).int(PART_MESSAGES.delta).min(-MAX_STOCK, PART_MESSAGES.delta).max(MAX_STOCK, PART_MESSAGES.delta).refine((d) => d !== 0, PART_MESSAGES.delta),
  })
  .meta({ id: "StockChange" });

export type StockChange = z.output<typeof partStockSchema>;

/** Manage Product's low-stock mark: fewer than 10 units, or fewer than two minimum orders. */
export const isLowStock = (quantity: number, minOrder: number): boolean => quantity < Math.max(10, 2 * minOrder);

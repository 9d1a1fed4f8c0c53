import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { FITMENT_POSITIONS } from "@/lib/validation/fitment";
import { z } from "@/lib/validation/zod";

// The replies of the fitment paths, as zod schemas: the OpenAPI document is generated from them,
// and the integration tests check real replies against them.

const menuEntry = z.object({ slug: z.string().meta({ description: "Lower case, words joined by dashes: the path segment" }), name: z.string() }).meta({ id: "VehicleMenuEntry" });

export const vehicleYearsSchema = z.object({ success: z.literal(true), result: z.array(z.number().int()) }).meta({ id: "VehicleYears" });
export const vehicleMenuSchema = z.object({ success: z.literal(true), result: z.array(menuEntry) }).meta({ id: "VehicleMenu" });

const applicationSchema = z.object({
  engine: z.string().nullable().meta({ description: "Null: every engine of the model that year" }),
  engineSlug: z.string().nullable(),
  position: z.enum(FITMENT_POSITIONS).nullable(),
  note: z.string().nullable(),
});

export const fitmentViewSchema = z
  .object({
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    makeName: z.string(),
    modelName: z.string(),
    label: z.string().meta({ description: 'e.g. "2015 Honda Civic"' }),
    path: z.string().meta({ description: "The vehicle's page on the shop" }),
    applications: z.array(applicationSchema),
  })
  .meta({ id: "Fitment" });

export const fitmentListSchema = z.array(fitmentViewSchema).max(MAX_PAGE_SIZE).meta({ id: "FitmentList" });
export const fitmentAddedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    result: z.object({ modelYears: z.number().int(), added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  })
  .meta({ id: "FitmentAdded" });
export const fitmentRemovedSchema = z.object({ success: z.literal(true), removed: z.number().int(), message: z.string() }).meta({ id: "FitmentRemoved" });
export const universalChangedSchema = z.object({ success: z.literal(true), universal: z.boolean(), message: z.string() }).meta({ id: "UniversalChanged" });
export const fitmentImportedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    result: z.object({
      rows: z.number().int(),
      accepted: z.number().int(),
      rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
      parts: z.number().int().meta({ description: "Parts given fitment" }),
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
    }),
  })
  .meta({ id: "FitmentImported" });

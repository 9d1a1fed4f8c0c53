import type { z } from "zod";
import { type Json, jsonSchemaOf } from "@/lib/openapi/components";
import { ORDERS_PAGE_SIZE, orderListQuerySchema } from "@/lib/validation/admin-orders";
import { emailField } from "@/lib/validation/auth";
import { EMAIL_DOC_PATTERN, MAX_PAGE_SIZE, PAGE_PARAM_SIZE, objectId, pagingQuerySchema } from "@/lib/validation/common";
import { FIRST_YEAR, lastYear, MAX_SLUG_LENGTH, SLUG_PATTERN } from "@/lib/vocabulary/vehicles";
import { fitmentRemovalQuerySchema } from "@/lib/validation/fitment";
import { partImageIdSchema } from "@/lib/validation/part-image";

// The path and query parameters, generated from the schemas the handlers parse them with, so a
// changed bound or pattern changes the document with it.

export type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; description: string; schema: Json };

const pathParam = (name: string, description: string, schema: Json): Parameter => ({ name, in: "path", required: true, description, schema });

/** An id segment, as objectIdParam (lib/http/params.ts) checks it. */
export const idPath = (name: string, description: string) => pathParam(name, description, jsonSchemaOf(objectId(name), "input"));

/** An email segment, as emailParam (lib/http/params.ts) checks it: emailField, whose rule isPlainEmail is EMAIL_DOC_PATTERN. */
export const emailPath = (name: string, description: string) =>
  pathParam(name, `${description} Normalised like stored emails (trimmed, lower-cased).`, { ...jsonSchemaOf(emailField, "input"), pattern: EMAIL_DOC_PATTERN });

/** A vehicle year segment, as yearParam (lib/fitment/vehicle-params.ts) checks it. */
export const yearPath = pathParam("year", `The model year, ${FIRST_YEAR} to next year.`, { type: "integer", minimum: FIRST_YEAR, maximum: lastYear() });

/** A make, model or engine segment, as slugParam (lib/fitment/vehicle-params.ts) checks it. */
export const slugPath = (name: string, description: string) =>
  pathParam(name, `${description} As the shop writes it: lower case, accents folded, words joined by dashes ("mercedes-benz").`, { type: "string", maxLength: MAX_SLUG_LENGTH, pattern: SLUG_PATTERN });

/** ?vehicle= of GET /carparts, as vehicleQueryParam (lib/fitment/vehicle-params.ts) reads it. */
export const vehicleParam: Parameter = {
  name: "vehicle",
  in: "query",
  required: false,
  description: `Only the parts that fit this model year: \`<year>/<make>/<model>\` as in its page's address (\`2016/honda/civic\`; year ${FIRST_YEAR} to next year, make and model as the shop writes them).`,
  schema: { type: "string", pattern: `^\\d{4}/${SLUG_PATTERN.slice(1, -1)}/${SLUG_PATTERN.slice(1, -1)}$` },
};

/** ?engine=&position= of DELETE /carparts/{id}/fitment/{year}/{make}/{model}. */
export const fitmentRemovalParams = queryParams(fitmentRemovalQuerySchema.shape, {
  engine: "Only the applications of this engine (its slug).",
  position: "Only the applications of this position.",
});

export const pictureIdPath = pathParam("id", "The picture's SHA-256.", jsonSchemaOf(partImageIdSchema, "input"));

/**
 * The query parameters of an object schema. A number parameter arrives as digits and is parsed
 * into the number it stands for; it is documented as that number (the parsed output), which is
 * what a client means to send.
 */
function queryParams(shape: Record<string, z.ZodType>, descriptions: Record<string, string>): Parameter[] {
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: !schema.isOptional(),
    description: descriptions[name] ?? "",
    schema: jsonSchemaOf(schema, "output"),
  }));
}

/** ?limit=&skip= or ?limit=&page= of every list path (pagingQuerySchema, before its refine and transform). */
export const pagingParams = queryParams(pagingQuerySchema.in.shape, {
  limit: `At most this many, 1 to ${MAX_PAGE_SIZE}. Default ${MAX_PAGE_SIZE} (the first page, so an old client asking for the whole list gets the first ${MAX_PAGE_SIZE}); ${PAGE_PARAM_SIZE} when \`page\` is given without \`limit\`.`,
  skip: "Skip this many first (default 0; not with page).",
  page: `Page number from 1, pages of \`limit\` (default ${PAGE_PARAM_SIZE}); not with skip.`,
});

/** ?status=&page=&limit= of GET /orders (orderListQuerySchema). */
export const orderListParams = queryParams(orderListQuerySchema.shape, {
  status: "Only orders of this status.",
  page: "Page number from 1 (default 1).",
  limit: `Orders per page, 1 to ${MAX_PAGE_SIZE} (default ${ORDERS_PAGE_SIZE}).`,
});

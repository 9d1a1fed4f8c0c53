import "server-only";
import { cache } from "react";
import { readPageNumber } from "@/lib/catalogue/query-string";
import { findModelYear } from "@/lib/fitment/queries";
import { FIRST_YEAR, lastYear } from "@/lib/vocabulary/vehicles";
import { slugOf } from "@/lib/vocabulary/names";

type Params = { year: string; make: string; model: string };

/** A path segment decoded once; one that is not valid %-encoding stays as it is (and is no slug). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The model year a vehicle page's path names, or null for a path that names none (404). */
export const modelYearOfPath = cache(async ({ year, make, model }: Params) => {
  const number = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const [makeSlug, modelSlug] = [decoded(make), decoded(model)];
  // Only the shop's own spelling of a path is a page: anything else is a 404, not a duplicate.
  if (!(number >= FIRST_YEAR && number <= lastYear()) || makeSlug !== slugOf(makeSlug) || modelSlug !== slugOf(modelSlug)) return null;
  return findModelYear(number, makeSlug, modelSlug);
});

/** ?page= of a vehicle page: 1 to 6 digits, else page 1. */
export const vehiclePageNumber = (value: string | string[] | undefined) => readPageNumber(Array.isArray(value) ? value[0] : value);

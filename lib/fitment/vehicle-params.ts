import { FIRST_YEAR, lastYear, MAX_SLUG_LENGTH } from "@/lib/vocabulary/vehicles";
import { slugOf } from "@/lib/vocabulary/names";
import { HttpError } from "@/lib/http/errors";

// A vehicle as the API's paths and queries name it: year, make and model slugs (lib/vocabulary/vehicles.ts).

/** A model year's year in a path: four digits in the vehicle range; 400 otherwise. */
export function yearParam(raw: string): number {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= FIRST_YEAR && year <= lastYear())) throw new HttpError(400, `The year is not a vehicle year (${FIRST_YEAR} to next year).`);
  return year;
}

/** A make, model or engine slug in a path (lower-case letters and digits joined by dashes); 400 otherwise. */
export function slugParam(raw: string, what: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Already decoded by the router.
  }
  if (decoded.length > MAX_SLUG_LENGTH || decoded !== slugOf(decoded) || decoded === "") throw new HttpError(400, `${what} in the address is not a vehicle name as the shop writes it (lower case, words joined by dashes).`);
  return decoded;
}

/** ?vehicle=<year>/<make>/<model> of GET /carparts; undefined when absent, 400 when malformed. */
export function vehicleQueryParam(raw: string | string[] | undefined): { year: number; make: string; model: string } | undefined {
  if (raw === undefined) return undefined;
  const parts = typeof raw === "string" ? raw.split("/") : [];
  if (parts.length !== 3) throw new HttpError(400, "vehicle must be <year>/<make>/<model>, as in a vehicle page's address (2016/honda/civic).");
  const [year, make, model] = parts as [string, string, string];
  return { year: yearParam(year), make: slugParam(make, "The vehicle's make"), model: slugParam(model, "The vehicle's model") };
}

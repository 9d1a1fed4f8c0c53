import { slugOf } from "@/lib/vocabulary/names";

// A vehicle as a customer picks it: year, make, model and optionally engine. Names are kept as the
// admin first spelled them; a slug (ASCII lower case and digits, accents folded, words joined by
// dashes) is what URLs, ids and lookups use, so "Mercedes-Benz" and "mercedes benz" are one make,
// and "Škoda" is "skoda".

export const FIRST_YEAR = 1950;
/** Next year's models are on sale from the middle of this one. */
export const lastYear = (now = new Date()) => now.getUTCFullYear() + 1;

export type VehicleName = { year: number; make: string; model: string; engine?: string | null };
export type VehicleSlugs = { year: number; make: string; model: string; engine: string };

/** What slugOf gives: the documented shape of a make, model or engine in a path. */
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const MAX_SLUG_LENGTH = 60;

/** A year, make and model: the unit a vehicle page lists and a fitment document covers. */
export const modelYearKey = ({ year, make, model }: Pick<VehicleSlugs, "year" | "make" | "model">): string => `${year}|${make}|${model}`;

export function slugsOf(vehicle: VehicleName): VehicleSlugs {
  return { year: vehicle.year, make: slugOf(vehicle.make), model: slugOf(vehicle.model), engine: vehicle.engine ? slugOf(vehicle.engine) : "" };
}

/** "2015 Honda Civic", with the engine when there is one: "2015 Honda Civic 1.8 i-VTEC". */
export const vehicleLabel = ({ year, make, model, engine }: VehicleName): string => [year, make, model, engine].filter(Boolean).join(" ");

/** The vehicle page of a model year: /vehicles/2015/honda/civic. */
export const vehiclePath = ({ year, make, model }: Pick<VehicleSlugs, "year" | "make" | "model">): string => `/vehicles/${year}/${make}/${model}`;

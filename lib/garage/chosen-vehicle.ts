import { FIRST_YEAR, MAX_SLUG_LENGTH, SLUG_PATTERN, lastYear } from "@/lib/vocabulary/vehicles";

// The vehicle a customer shops for, as the `vehicle` cookie and the catalogue's `vehicle` query
// carry it: year/make/model, and the engine when one was chosen, all slugs, the same shape as a
// vehicle page's address (2015/honda/civic/1-8-i-vtec). Written by the shop, but read as outside
// input: anything else is no vehicle.

export const VEHICLE_COOKIE = "vehicle";
/** The catalogue's `vehicle` query that shows every part even when a vehicle is chosen. */
export const EVERY_VEHICLE = "any";
/** A year, which a visitor changes rarely: the choice outlives a session. */
export const VEHICLE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type ChosenVehicle = { year: number; make: string; model: string; engine: string };

const slug = new RegExp(SLUG_PATTERN);
const isSlug = (text: string | undefined): text is string => text !== undefined && text.length <= MAX_SLUG_LENGTH && slug.test(text);

export function readChosenVehicle(text: string | undefined | null): ChosenVehicle | null {
  if (!text || text.length > 4 * (MAX_SLUG_LENGTH + 1)) return null;
  const [yearText, make, model, engine, ...rest] = text.split("/");
  if (rest.length > 0 || !/^\d{4}$/.test(yearText ?? "")) return null;
  const year = Number(yearText);
  if (year < FIRST_YEAR || year > lastYear() || !isSlug(make) || !isSlug(model)) return null;
  if (engine !== undefined && !isSlug(engine)) return null;
  return { year, make, model, engine: engine ?? "" };
}

export const chosenVehicleText = ({ year, make, model, engine }: ChosenVehicle): string => [year, make, model, engine].filter(Boolean).join("/");

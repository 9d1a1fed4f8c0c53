import "server-only";
import { EVERY_VEHICLE, readChosenVehicle } from "@/lib/garage/chosen-vehicle";
import { type KnownVehicle, knownVehicle } from "@/lib/garage/known-vehicle";
import { cookieVehicle } from "@/lib/garage/vehicle-cookie";

export type CatalogueVehicle = {
  /** The vehicle the page is for: the address's, else the browser's; its labels name it. */
  vehicle: KnownVehicle | null;
  /** Whether the page lists only the parts that fit it. */
  filtered: boolean;
  /** The address names a vehicle the shop does not know: the page is a 404. */
  unknown: boolean;
};

/** The catalogue's vehicle from its `vehicle` query (lib/catalogue/query-string.ts) and the browser's cookie. */
export async function catalogueVehicle(queryVehicle: string | undefined): Promise<CatalogueVehicle> {
  if (queryVehicle && queryVehicle !== EVERY_VEHICLE) {
    const vehicle = await knownVehicle(readChosenVehicle(queryVehicle));
    return { vehicle, filtered: vehicle !== null, unknown: vehicle === null };
  }
  const vehicle = await cookieVehicle();
  return { vehicle, filtered: vehicle !== null && queryVehicle !== EVERY_VEHICLE, unknown: false };
}

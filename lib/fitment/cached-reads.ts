import "server-only";
import { publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { type FitmentView, partFitmentPage, vehicleYears } from "@/lib/fitment/queries";

// The fitment's public reads, from Next's data cache (lib/cache/public-read.ts).

/** How many of a part's model years its page lists; the rest are on /parts/<id>/vehicles. */
const FITMENT_ON_PART_PAGE = 10;

/** The first model years a part fits, for its page; expired with the part's tag, which every fitment change expires. */
export function cachedPartFitment(id: string): Promise<{ rows: FitmentView[]; total: number }> {
  const key = id.toLowerCase();
  return publicRead(() => partFitmentPage(key, { offset: 0, limit: FITMENT_ON_PART_PAGE }), ["part-fitment", key], [CACHE_TAGS.part(key)])();
}

/** The selector's years, for the home page and the catalogue; a vehicle enters the menus with its first fitment, which expires "parts". */
export const cachedVehicleYears = publicRead((): Promise<number[]> => vehicleYears(), ["vehicle-years"], [CACHE_TAGS.parts]);

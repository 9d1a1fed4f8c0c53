import "server-only";
import { CATALOGUE_PAGE_SIZE, partsByIds, type PartSearchResult } from "@/lib/catalogue/queries";
import { type Vehicle, vehiclePartIds } from "@/lib/fitment/vehicle-parts";

export type VehiclePartsPage = PartSearchResult & { own: number; universal: number };

/** One page of a vehicle page: the parts that fit the model year, then the universal parts. */
export async function vehiclePartsPage(vehicle: Vehicle, { page = 1, pageSize = CATALOGUE_PAGE_SIZE }: { page?: number; pageSize?: number }): Promise<VehiclePartsPage> {
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const { ids, own, universal } = await vehiclePartIds(vehicle, { offset: (current - 1) * pageSize, limit: pageSize });
  const total = own + universal;
  return { parts: await partsByIds(ids), total, own, universal, page: current, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

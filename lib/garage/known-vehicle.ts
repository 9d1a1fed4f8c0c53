import "server-only";
import { findModelYear, type ModelYear } from "@/lib/fitment/queries";
import { vehicleLabel } from "@/lib/vocabulary/vehicles";
import { type ChosenVehicle, chosenVehicleText } from "@/lib/garage/chosen-vehicle";

/** A chosen vehicle the shop knows: its model year with names, and the engine when one was chosen. */
export type KnownVehicle = ModelYear & { engine: string; engineName: string | null; text: string };

/**
 * The vehicle as the menus have it, or null when they do not (a cookie from before a vehicle was
 * renamed, or made up). An engine the model year does not list is dropped, the model year kept.
 */
export async function knownVehicle(chosen: ChosenVehicle | null): Promise<KnownVehicle | null> {
  if (!chosen) return null;
  const modelYear = await findModelYear(chosen.year, chosen.make, chosen.model);
  if (!modelYear) return null;
  const engine = modelYear.engines.find((entry) => entry.slug === chosen.engine);
  return {
    ...modelYear,
    engine: engine?.slug ?? "",
    engineName: engine?.name ?? null,
    label: vehicleLabel({ year: modelYear.year, make: modelYear.makeName, model: modelYear.modelName, engine: engine?.name }),
    text: chosenVehicleText({ ...chosen, engine: engine?.slug ?? "" }),
  };
}

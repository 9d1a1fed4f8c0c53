import "server-only";
import { cookies } from "next/headers";
import { ConflictError } from "@/lib/errors";
import { VEHICLE_COOKIE, readChosenVehicle } from "@/lib/garage/chosen-vehicle";
import { activeVehicleOf, parkVehicle } from "@/lib/garage/commands";
import { knownVehicle } from "@/lib/garage/known-vehicle";
import { setVehicleCookie } from "@/lib/garage/vehicle-cookie";

/**
 * On signing in, the browser and the garage meet: the garage's active vehicle becomes the browser's;
 * a garage without one takes the vehicle the visitor chose before signing in (unless it is full).
 */
export async function meetGarage(email: string): Promise<void> {
  const jar = await cookies();
  const active = await activeVehicleOf(email);
  if (active) return setVehicleCookie(jar, active);
  const chosen = await knownVehicle(readChosenVehicle(jar.get(VEHICLE_COOKIE)?.value));
  if (!chosen) return;
  await parkVehicle(email, chosen).catch((error: unknown) => {
    if (!(error instanceof ConflictError)) throw error;
  });
}

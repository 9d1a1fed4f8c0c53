import "server-only";
import { withLock } from "@/lib/storage/lock";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { KnownVehicle } from "@/lib/garage/known-vehicle";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";

// My Garage: a signed-in customer's vehicles, one of them active (the one the shop filters by, also
// kept in the browser's vehicle cookie by app/garage). Each change reads and writes the account
// under its own lock, so two tabs adding at once keep both vehicles.

export const GARAGE_SIZE = 10;
export const GARAGE_FULL = `Your garage holds ${GARAGE_SIZE} vehicles; remove one before adding another.`;
const NOT_IN_GARAGE = "That vehicle is not in your garage.";

export type GarageVehicle = { vehicle: string; label: string; active: boolean };
type Garage = { garage: { vehicle: string; label: string }[]; activeVehicle: string };

async function readGarage(email: string): Promise<Garage> {
  const account = await User.findOne({ email: normaliseEmail(email) }, { garage: 1, activeVehicle: 1 }).lean<Partial<Garage>>();
  if (!account) throw new NotFoundError("No such account.");
  return { garage: account.garage ?? [], activeVehicle: account.activeVehicle ?? "" };
}

export async function garageOf(email: string): Promise<GarageVehicle[]> {
  const { garage, activeVehicle } = await readGarage(email);
  return garage.map((entry) => ({ ...entry, active: entry.vehicle === activeVehicle }));
}

/** The active vehicle's text, "" when none. */
export async function activeVehicleOf(email: string): Promise<string> {
  return (await readGarage(email)).activeVehicle;
}

async function changeGarage(email: string, change: (garage: Garage) => Garage): Promise<void> {
  const normalised = normaliseEmail(email);
  await withLock(`garage:${normalised}`, "Your garage is being changed; try again in a moment.", async () => {
    const next = change(await readGarage(normalised));
    await User.updateOne({ email: normalised }, { $set: { garage: next.garage, activeVehicle: next.activeVehicle } });
  });
}

/** Adds the vehicle (once; a second add refreshes its name) and makes it the active one. */
export async function parkVehicle(email: string, vehicle: KnownVehicle): Promise<void> {
  await changeGarage(email, ({ garage }) => {
    const known = garage.some((entry) => entry.vehicle === vehicle.text);
    if (!known && garage.length >= GARAGE_SIZE) throw new ConflictError(GARAGE_FULL);
    const entry = { vehicle: vehicle.text, label: vehicle.label };
    return { garage: known ? garage.map((old) => (old.vehicle === vehicle.text ? entry : old)) : [...garage, entry], activeVehicle: vehicle.text };
  });
}

/** Makes a vehicle of the garage the active one; "" shops every part. */
export async function activateVehicle(email: string, vehicle: string): Promise<void> {
  await changeGarage(email, ({ garage }) => {
    if (vehicle && !garage.some((entry) => entry.vehicle === vehicle)) throw new NotFoundError(NOT_IN_GARAGE);
    return { garage, activeVehicle: vehicle };
  });
}

/** Takes a vehicle out of the garage; when it was the active one, none is. */
export async function removeVehicle(email: string, vehicle: string): Promise<void> {
  await changeGarage(email, ({ garage, activeVehicle }) => {
    if (!garage.some((entry) => entry.vehicle === vehicle)) throw new NotFoundError(NOT_IN_GARAGE);
    return { garage: garage.filter((entry) => entry.vehicle !== vehicle), activeVehicle: activeVehicle === vehicle ? "" : activeVehicle };
  });
}

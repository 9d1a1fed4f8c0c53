import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { findEachById } from "@/lib/storage/each-by-id";
import { fitsList } from "@/lib/fitment/lists";
import { menuEntries, menuIds } from "@/lib/fitment/menus";
import { vehicleLabel, vehiclePath } from "@/lib/vocabulary/vehicles";
import type { FitmentApplication, FitmentFields } from "@/models/Fitment";
import { Fitment } from "@/models/Fitment";
import type { MenuEntry } from "@/models/VehicleMenu";

// What pages and the REST paths read of fitment: each a page of an ordered list or a menu document,
// then reads by _id.

export type ApplicationView = { engine: string | null; engineSlug: string | null; position: string | null; note: string | null };
export type FitmentView = { year: number; make: string; model: string; makeName: string; modelName: string; label: string; path: string; applications: ApplicationView[] };

const applicationView = (application: FitmentApplication): ApplicationView => ({
  engine: application.engineName ?? null,
  engineSlug: application.engine || null,
  position: application.position ?? null,
  note: application.note ?? null,
});

function fitmentView(doc: FitmentFields): FitmentView {
  return {
    year: doc.year,
    make: doc.make,
    model: doc.model,
    makeName: doc.makeName,
    modelName: doc.modelName,
    label: vehicleLabel({ year: doc.year, make: doc.makeName, model: doc.modelName }),
    path: vehiclePath(doc),
    applications: doc.applications.map(applicationView),
  };
}

/** One page of the model years a part fits, newest first. */
export async function partFitmentPage(partId: string, { offset, limit }: { offset: number; limit: number }): Promise<{ rows: FitmentView[]; total: number }> {
  await connectDb();
  const { ids, total } = await fitsList(partId).idPage({ offset, limit });
  return { rows: (await findEachById<FitmentFields>(Fitment, ids)).map(fitmentView), total };
}

export async function vehicleYears(): Promise<number[]> {
  await connectDb();
  return (await menuEntries(menuIds.years)).map((entry) => Number(entry.slug));
}

export async function vehicleMakes(year: number): Promise<MenuEntry[]> {
  await connectDb();
  return menuEntries(menuIds.makes(year));
}

export async function vehicleModels(year: number, make: string): Promise<MenuEntry[]> {
  await connectDb();
  return menuEntries(menuIds.models(year, make));
}

export async function vehicleEngines(year: number, make: string, model: string): Promise<MenuEntry[]> {
  await connectDb();
  return menuEntries(menuIds.engines(year, make, model));
}

export type ModelYear = { year: number; make: string; model: string; makeName: string; modelName: string; label: string; path: string; engines: MenuEntry[] };

/** A model year the shop knows (it is in the menus), with its names and engines; null otherwise. */
export async function findModelYear(year: number, make: string, model: string): Promise<ModelYear | null> {
  await connectDb();
  const [makes, models, engines] = await Promise.all([menuEntries(menuIds.makes(year)), menuEntries(menuIds.models(year, make)), menuEntries(menuIds.engines(year, make, model))]);
  const makeName = makes.find((entry) => entry.slug === make)?.name;
  const modelName = models.find((entry) => entry.slug === model)?.name;
  if (!makeName || !modelName) return null;
  return { year, make, model, makeName, modelName, label: vehicleLabel({ year, make: makeName, model: modelName }), path: vehiclePath({ year, make, model }), engines };
}

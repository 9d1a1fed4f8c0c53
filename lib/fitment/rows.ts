import "server-only";
import type { Types } from "mongoose";
import { fitmentId } from "@/lib/fitment/lists";
import type { NamedVehicle } from "@/lib/fitment/menus";
import { modelYearKey } from "@/lib/vocabulary/vehicles";
import { slugOf } from "@/lib/vocabulary/names";
import { type FitmentRow, MAX_MODEL_YEARS_PER_REQUEST } from "@/lib/validation/fitment";
import { InvalidInputError } from "@/lib/errors";
import type { FitmentApplication, FitmentFields } from "@/models/Fitment";

// Fitment rows as an admin writes them (a make and model over a range of years) turned into what
// is stored: one document per part and model year, with the applications of its rows.

export type ExpandedRow = { vehicle: NamedVehicle; application: FitmentApplication };

/** The rows, one entry per model year, each with the application it adds. */
export function expandRows(rows: FitmentRow[]): ExpandedRow[] {
  const expanded = rows.flatMap((row) =>
    Array.from({ length: (row.yearTo ?? row.yearFrom) - row.yearFrom + 1 }, (_, i) => {
      const vehicle: NamedVehicle = {
        year: row.yearFrom + i,
        make: slugOf(row.make),
        model: slugOf(row.model),
        engine: row.engine ? slugOf(row.engine) : "",
        makeName: row.make,
        modelName: row.model,
        engineName: row.engine,
      };
      const application: FitmentApplication = { engine: vehicle.engine, ...(row.engine ? { engineName: row.engine } : {}), ...(row.position ? { position: row.position } : {}), ...(row.note ? { note: row.note } : {}) };
      return { vehicle, application };
    }),
  );
  if (expanded.length > MAX_MODEL_YEARS_PER_REQUEST) throw new InvalidInputError(`rows: at most ${MAX_MODEL_YEARS_PER_REQUEST} model years a request (these rows span ${expanded.length}); send them in several requests.`);
  return expanded;
}

/** The expanded rows grouped into one document per model year, before any the part has already. */
export function fitmentDocsOf(part: Types.ObjectId, expanded: ExpandedRow[]): FitmentFields[] {
  const docs = new Map<string, FitmentFields>();
  for (const { vehicle, application } of expanded) {
    const id = fitmentId(String(part), modelYearKey(vehicle));
    const doc = docs.get(id) ?? { _id: id, part, year: vehicle.year, make: vehicle.make, model: vehicle.model, makeName: vehicle.makeName, modelName: vehicle.modelName, applications: [] };
    doc.applications.push(application);
    docs.set(id, doc);
  }
  return [...docs.values()];
}

import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import { fitmentId, fitsList } from "@/lib/fitment/lists";
import { modelYearKey } from "@/lib/vocabulary/vehicles";
import type { KnownVehicle } from "@/lib/garage/known-vehicle";
import { Fitment, type FitmentFields } from "@/models/Fitment";

// Whether parts fit the customer's vehicle, as cards and part pages say it: one read by _id of each
// part's fitment document for the model year, and, for a part without one, the size of its list of
// vehicles (none: the shop has no fitment data for it).

export type FitStatus = "fits" | "does-not-fit" | "no-data";
export type FitVerdict = { status: FitStatus; text: string; detail: string | null };

type FitPart = { _id: string; universal?: boolean };

function verdictOf(doc: FitmentFields, vehicle: KnownVehicle): FitVerdict {
  const everyEngine = doc.applications.some((application) => !application.engine);
  const engines = [...new Set(doc.applications.map((application) => application.engineName ?? application.engine).filter(Boolean))];
  if (vehicle.engine && !everyEngine && !doc.applications.some((application) => application.engine === vehicle.engine)) {
    return { status: "does-not-fit", text: `Does not fit your ${vehicle.label}`, detail: `Fits the ${engines.join(", ")} engine${engines.length === 1 ? "" : "s"} only.` };
  }
  // No engine chosen, and the part fits only some of the model's engines: the customer checks which.
  const detail = !vehicle.engine && !everyEngine ? `With the ${engines.join(" or ")} engine only.` : null;
  return { status: "fits", text: `Fits your ${vehicle.label}`, detail };
}

/** The verdict for each part, by id. */
export async function fitVerdicts(parts: readonly FitPart[], vehicle: KnownVehicle): Promise<Map<string, FitVerdict>> {
  const verdicts = new Map<string, FitVerdict>();
  const fits: FitVerdict = { status: "fits", text: `Fits your ${vehicle.label}`, detail: null };
  const checked = parts.filter((part) => !part.universal);
  for (const part of parts) if (part.universal) verdicts.set(part._id, { ...fits, detail: "Fits every vehicle." });
  const modelYear = modelYearKey(vehicle);
  const docs = await findEachById<FitmentFields>(Fitment, checked.map((part) => fitmentId(part._id, modelYear)));
  const byPart = new Map(docs.map((doc) => [String(doc.part), doc]));
  await Promise.all(
    checked.map(async (part) => {
      const doc = byPart.get(part._id);
      if (doc) return verdicts.set(part._id, verdictOf(doc, vehicle));
      const known = (await fitsList(part._id).size()) > 0;
      verdicts.set(part._id, known ? { status: "does-not-fit", text: `Does not fit your ${vehicle.label}`, detail: null } : { status: "no-data", text: "No fitment data", detail: null });
    }),
  );
  return verdicts;
}

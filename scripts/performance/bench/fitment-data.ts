// The bench data set's fitment: every part fits 3 to 8 consecutive model years of one of 40 models,
// so the fitment rows are about 5.5 times the parts (110,000 at the large size) over some 1,100
// model years, about 100 parts each at the large size. Derived from the part's index
// alone, so the rest of the data set stays what it was.

import type { Types } from "mongoose";
import { expandRows, fitmentDocsOf } from "@/lib/fitment/rows";
import { vehiclePath } from "@/lib/vocabulary/vehicles";
import { slugOf } from "@/lib/vocabulary/names";
import type { FitmentFields } from "@/models/Fitment";

const MAKES = ["Toyota", "Honda", "Ford", "Chevrolet", "Nissan", "Volkswagen", "BMW", "Audi", "Hyundai", "Kia"];
const MODELS = ["Alpha", "Bravo", "Coupe", "Duster"];
const FIRST_YEAR = 2000;

/** The model the bench part i fits: one of 40, each every 40th part. */
const modelOf = (i: number) => ({ make: MAKES[i % MAKES.length]!, model: MODELS[Math.floor(i / MAKES.length) % MODELS.length]! });

/** The fitment documents of bench part i. */
export function benchFitment(i: number, part: Types.ObjectId): FitmentFields[] {
  const { make, model } = modelOf(i);
  // The parts of one model start in every year of the range in turn.
  const yearFrom = FIRST_YEAR + ((Math.floor(i / 40) * 7) % 20);
  const rows = [{ yearFrom, yearTo: yearFrom + 2 + (i % 6), make, model, ...(i % 3 === 0 ? { engine: "2.0 L4", position: "front" as const } : {}) }];
  return fitmentDocsOf(part, expandRows(rows));
}

/** The vehicle page of bench model year n: a model and a year in the middle of the range, which has parts at any size. */
export function benchVehiclePath(n: number): string {
  const { make, model } = modelOf(n);
  return vehiclePath({ year: FIRST_YEAR + 8 + (n % 10), make: slugOf(make), model: slugOf(model) });
}

import { Types } from "mongoose";
import { engineOnlyParts, fitsList, fittingList, modelYearOf } from "@/lib/fitment/lists";
import { findModelYear } from "@/lib/fitment/queries";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import { Part } from "@/models/Part";

/**
 * Where a part's fitment lists disagree with its fitment documents, list by list: the part's own
 * list, each model year's list (its vehicle page and GET /carparts?vehicle=), the model year's
 * engine list and the menus; `modelYears` are model years ("2020|toyota|corolla") whose lists must
 * not hold the part unless it has a document for them. Empty when they agree.
 */
export async function fitmentDisagreements(partId: string, modelYears: string[] = []): Promise<string[]> {
  const part = await Part.findById(partId, { universal: 1 }).lean();
  const docs = await Fitment.find({ part: new Types.ObjectId(partId) }).lean<FitmentFields[]>();
  const stored = new Set(docs.map((doc) => doc._id));
  const found: string[] = [];
  const listed = new Set(await fitsList(partId).wholeIds());
  for (const id of listed) if (!stored.has(id)) found.push(`the part's list names ${id}, which is not stored`);
  const inModelYear = async (modelYear: string) => (await fittingList(modelYear).wholeIds()).includes(partId);
  for (const doc of docs) {
    const modelYear = modelYearOf(doc._id);
    if (!listed.has(doc._id)) found.push(`the part's list lacks ${modelYear}`);
    if (!part?.universal && !(await inModelYear(modelYear))) found.push(`${modelYear}'s list lacks the part`);
    const engineOnly = doc.applications.length > 0 && doc.applications.every((application) => application.engine);
    if (engineOnly !== (await engineOnlyParts(modelYear)).has(partId)) found.push(`${modelYear}'s engine list ${engineOnly ? "lacks" : "holds"} the part`);
    if (!(await findModelYear(doc.year, doc.make, doc.model))) found.push(`the menus lack ${modelYear}`);
  }
  for (const modelYear of modelYears) {
    if (!docs.some((doc) => modelYearOf(doc._id) === modelYear) && (await inModelYear(modelYear))) found.push(`${modelYear}'s list holds the part, which has no fitment for it`);
  }
  return found;
}

import "server-only";
import type { ListedPart } from "@/lib/parts/listed-part";
import { sameSearchEntry, searchEntry } from "@/lib/parts/search-entry";
import { dropList, keepLists, type ListChange } from "@/lib/storage/ordered-lists";
import { engineOnlyChanges, fitmentIdsOf, fitsList, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { findEachById } from "@/lib/storage/each-by-id";
import { Fitment, type FitmentFields } from "@/models/Fitment";

// What the part commands (lib/catalogue/commands.ts) owe the fitment lists, under the part's lock:
// the vehicles' lists hold the part's search entry (price and name), so an edit moves it there too,
// and a deleted part's fitment goes with it.

/** The vehicles' lists a part is in: the universal list, or those of the model years it fits. */
async function vehicleListsOf(part: ListedPart) {
  return part.universal ? [UNIVERSAL_LIST] : (await fitmentIdsOf(String(part._id))).map((id) => fittingList(modelYearOf(id)));
}

/** Moves the part's entry in every list of the vehicles it fits, when its price or name changed. */
export async function refitPartKeys(before: ListedPart, after: ListedPart): Promise<void> {
  await keepLists(await partKeyChanges(before, after));
}

/** The changes refitPartKeys makes: none unless the part's search entry changed. */
export async function partKeyChanges(before: ListedPart, after: ListedPart): Promise<ListChange[]> {
  const [old, fresh] = [searchEntry(before), searchEntry(after)];
  if (sameSearchEntry(old, fresh)) return [];
  return (await vehicleListsOf(after)).flatMap((list) => [list.change(old, "remove"), list.change(fresh, "add")]);
}

/**
 * The part's entry in the vehicles' lists made to agree with the part as it is (`after`) from any
 * state between `before` and it: its entry then taken out and its entry now put in, in its own
 * vehicles' lists or the universal list as it is universal or not. For a part write cut short.
 */
export async function partKeyAsStored(before: ListedPart | null, after: ListedPart): Promise<ListChange[]> {
  const fitLists = (await fitmentIdsOf(String(after._id))).map((id) => fittingList(modelYearOf(id)));
  const listsOf = (part: ListedPart) => (part.universal ? [UNIVERSAL_LIST] : fitLists);
  const entry = searchEntry(after);
  const adds = listsOf(after).map((list) => list.change(entry, "add"));
  const added = new Set(adds.map((change) => change.list));
  const old = before && searchEntry(before);
  const removes = old ? listsOf(before).filter((list) => !added.has(list.name) || !sameSearchEntry(old, entry)).map((list) => list.change(old, "remove")) : [];
  return [...removes, ...adds];
}

/** Takes a deleted part off every vehicle's list and deletes its fitment. */
export async function dropFitment(part: ListedPart): Promise<void> {
  const partId = String(part._id);
  const ids = await fitmentIdsOf(partId);
  const entry = searchEntry(part);
  const changes = part.universal ? [UNIVERSAL_LIST.change(entry, "remove")] : ids.map((id) => fittingList(modelYearOf(id)).change(entry, "remove"));
  // Its engine entries are known from its documents, read (like their deletes) one by _id each.
  const docs = await findEachById<FitmentFields>(Fitment, ids);
  await keepLists([...changes, ...docs.flatMap((doc) => engineOnlyChanges(doc, null))]);
  await Promise.all(ids.map((id) => Fitment.deleteOne({ _id: id })));
  await dropList(fitsList(partId).name);
}

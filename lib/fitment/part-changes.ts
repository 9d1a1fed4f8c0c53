import "server-only";
import { type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { changeLists, type ListChange } from "@/lib/storage/ordered-index";
import { engineOnlyChanges, fitmentIdsOf, fitsList, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { findEachById } from "@/lib/storage/each-by-id";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import { IndexChunk, IndexDirectory } from "@/lib/storage/models/IndexChunk";

// What the part commands (lib/catalogue/commands.ts) owe the fitment lists, under the part's lock:
// the vehicles' lists hold the part's search key (price and name), so an edit moves it there too,
// and a deleted part's fitment goes with it.

/** Moves the part's key in every list of the vehicles it fits, when its price or name changed. */
export async function refitPartKeys(before: ListedPart, after: ListedPart): Promise<void> {
  const [oldKey, newKey] = [searchKey(before), searchKey(after)];
  if (oldKey === newKey) return;
  const lists = after.universal ? [UNIVERSAL_LIST] : (await fitmentIdsOf(String(after._id))).map((id) => fittingList(modelYearOf(id)));
  await changeLists(lists.flatMap((list): ListChange[] => [{ list, key: oldKey, op: "remove" }, { list, key: newKey, op: "add" }]));
}

/**
 * The part's key in the vehicles' lists made to agree with the part as it is (`after`) from any
 * state between `before` and it: its key then taken out and its key now put in, in its own vehicles'
 * lists or the universal list as it is universal or not. For a part write cut short.
 */
export async function partKeyAsStored(before: ListedPart | null, after: ListedPart): Promise<ListChange[]> {
  const fitLists = (await fitmentIdsOf(String(after._id))).map((id) => fittingList(modelYearOf(id)));
  const listsOf = (part: ListedPart) => (part.universal ? [UNIVERSAL_LIST] : fitLists);
  const key = searchKey(after);
  const adds = listsOf(after).map((list): ListChange => ({ list, key, op: "add" }));
  const added = new Set(adds.map((change) => change.list));
  const removes = before ? listsOf(before).filter((list) => !added.has(list) || searchKey(before) !== key).map((list): ListChange => ({ list, key: searchKey(before), op: "remove" })) : [];
  return [...removes, ...adds];
}

/** Takes a deleted part off every vehicle's list and deletes its fitment. */
export async function dropFitment(part: ListedPart): Promise<void> {
  const partId = String(part._id);
  const ids = await fitmentIdsOf(partId);
  const key = searchKey(part);
  const changes: ListChange[] = part.universal ? [{ list: UNIVERSAL_LIST, key, op: "remove" }] : ids.map((id) => ({ list: fittingList(modelYearOf(id)), key, op: "remove" }));
  // Its engine entries are known from its documents, read (like their deletes) one by _id each.
  const docs = await findEachById<FitmentFields>(Fitment, ids);
  await changeLists([...changes, ...docs.flatMap((doc) => engineOnlyChanges(doc, null))]);
  await Promise.all(ids.map((id) => Fitment.deleteOne({ _id: id })));
  await IndexChunk.deleteMany({ list: fitsList(partId) });
  await IndexDirectory.deleteOne({ _id: fitsList(partId) });
}

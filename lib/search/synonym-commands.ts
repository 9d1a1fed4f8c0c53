import "server-only";
import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { synonymsChanged } from "@/lib/cache/tags";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { byFirstPhrase } from "@/lib/search/synonym-order";
import { SYNONYM_LIST_ID, readSynonymList, type SynonymGroupView } from "@/lib/search/synonyms";
import { withLock } from "@/lib/storage/lock";
import { MAX_SYNONYM_GROUPS, type SynonymGroupChange, type SynonymGroupNew } from "@/lib/validation/search-synonyms";
import { SearchSynonyms } from "@/models/SearchSynonyms";

// An admin's writes to the synonym list. The engine rewrites a whole document without locking it,
// so every write reads the list, checks and writes it back under the list's lock: two admins adding
// one phrase at once cannot both succeed, and a change or delete names the group's version it was
// made to, so one admin's edit is never silently overwritten by another's.

const LIST_LOCK = "search-synonyms";
const LIST_BUSY = "The synonym list is being changed just now; please try again in a moment.";

const groupText = (group: SynonymGroupView) => group.phrases.join(", ");

/** A phrase of `phrases` already in another group of the list: refused, naming that group. */
function refuseTakenPhrases(groups: readonly SynonymGroupView[], phrases: readonly string[], exceptId?: string): void {
  for (const group of groups) {
    if (group.id === exceptId) continue;
    const taken = phrases.find((phrase) => group.phrases.includes(phrase));
    if (taken !== undefined) {
      throw new ConflictError(`"${taken}" is already in the group "${groupText(group)}": a phrase may be in one group only.`, { groupId: group.id });
    }
  }
}

function groupAsSeen(groups: readonly SynonymGroupView[], id: string, version: number): SynonymGroupView {
  const group = groups.find((candidate) => candidate.id === id);
  if (!group) throw new NotFoundError("No such synonym group: it may have been deleted.");
  if (group.version !== version) {
    throw new ConflictError(`This group was changed by someone else since you opened it (it is now "${groupText(group)}"): nothing was saved. Reload it and make your change again.`, { group });
  }
  return group;
}

/** Writes the list back in A–Z order and expires every process's copy of it. */
async function storeList(groups: SynonymGroupView[]): Promise<void> {
  const stored = [...groups].sort(byFirstPhrase).map(({ id, phrases, version }) => ({ _id: id, phrases, version }));
  await SearchSynonyms.updateOne({ _id: SYNONYM_LIST_ID }, { $set: { groups: stored, revision: randomUUID() } }, { upsert: true });
}

function underListLock<T>(work: (groups: SynonymGroupView[]) => Promise<T>): Promise<T> {
  return withLock(LIST_LOCK, LIST_BUSY, async () => work((await readSynonymList()).groups));
}

/** A new group; refused when one of its phrases is in another group or the list is full. */
export async function addSynonymGroup({ phrases }: SynonymGroupNew): Promise<SynonymGroupView> {
  const added = await underListLock(async (groups) => {
    if (groups.length >= MAX_SYNONYM_GROUPS) throw new ConflictError(`The list holds ${MAX_SYNONYM_GROUPS} groups, the most it may: delete or extend a group instead.`);
    refuseTakenPhrases(groups, phrases);
    const group = { id: new Types.ObjectId().toHexString(), phrases, version: 1 };
    await storeList([...groups, group]);
    return group;
  });
  await synonymsChanged();
  return added;
}

/** The group's phrases replaced, if it is still at the version the admin changed. */
export async function changeSynonymGroup(id: string, { phrases, version }: SynonymGroupChange): Promise<SynonymGroupView> {
  const changed = await underListLock(async (groups) => {
    const group = groupAsSeen(groups, id, version);
    refuseTakenPhrases(groups, phrases, id);
    const next = { id, phrases, version: group.version + 1 };
    await storeList(groups.map((candidate) => (candidate.id === id ? next : candidate)));
    return next;
  });
  await synonymsChanged();
  return changed;
}

/** The group deleted, if it is still at the version the admin saw; returns it as it was. */
export async function deleteSynonymGroup(id: string, version: number): Promise<SynonymGroupView> {
  const deleted = await underListLock(async (groups) => {
    const group = groupAsSeen(groups, id, version);
    await storeList(groups.filter((candidate) => candidate.id !== id));
    return group;
  });
  await synonymsChanged();
  return deleted;
}

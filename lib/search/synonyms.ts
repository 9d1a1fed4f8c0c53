import "server-only";
import { cachedOrDirect, publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { SearchSynonyms, type SynonymGroupFields } from "@/models/SearchSynonyms";

// The admin's synonym groups, applied when a search is read, not when parts are indexed: an edit
// changes the next search at once, with no reindex. Every search reads the list from the process's
// data cache (lib/cache/public-read.ts), which an edit expires in every server process through the
// shared tag states (lib/cache/tags.ts synonymsChanged), and the map built from it is kept until
// the list's revision (a new random id with each write) changes.

/** The one document that holds the list (models/SearchSynonyms.ts). */
export const SYNONYM_LIST_ID = "list";

export type SynonymGroupView = { id: string; phrases: string[]; version: number };
export type SynonymListView = { revision: string; groups: SynonymGroupView[] };

const toView = (group: SynonymGroupFields): SynonymGroupView => ({ id: group._id, phrases: [...group.phrases], version: group.version });

/** The list as the database has it now: for the admin's pages and the writes' checks. Groups are kept A–Z by their first phrase. */
export async function readSynonymList(): Promise<SynonymListView> {
  await connectDb();
  const list = await SearchSynonyms.findById(SYNONYM_LIST_ID).lean();
  return { revision: list?.revision ?? "", groups: (list?.groups ?? []).map(toView) };
}

const cachedList = publicRead(readSynonymList, ["search-synonyms"], [CACHE_TAGS.synonyms]);

/** The list from the data cache; outside a Next.js server (scripts, tests) there is none, so from the database. */
export function cachedSynonymList(): Promise<SynonymListView> {
  return cachedOrDirect(cachedList, readSynonymList);
}

/** Each phrase to the other phrases of its group (a phrase is in one group at most). */
export function synonymMapOf(groups: readonly SynonymGroupView[]): Map<string, readonly string[]> {
  const map = new Map<string, readonly string[]>();
  for (const { phrases } of groups) {
    for (const phrase of phrases) map.set(phrase, phrases.filter((other) => other !== phrase));
  }
  return map;
}

let built: { revision: string; map: ReadonlyMap<string, readonly string[]> } | null = null;

/** Each folded phrase of the admin's synonym groups ("rotor", "brake disc", "spark plug") to the other phrases of its groups, folded (foldText, words joined by one space). Read from a process cache, expired when an admin edits the list. */
export async function synonymMap(): Promise<ReadonlyMap<string, readonly string[]>> {
  const list = await cachedSynonymList();
  if (built?.revision !== list.revision) built = { revision: list.revision, map: synonymMapOf(list.groups) };
  return built.map;
}

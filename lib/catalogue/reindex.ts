import "server-only";
import { CATALOGUE_LIST, listEntriesOf, type ListedPart, NAME_LIST, PRICE_LIST, SEARCH_LIST_PREFIX } from "@/lib/catalogue/lists";
import { connectDb } from "@/lib/db/connect";
import { rebuildLists } from "@/lib/db/ordered-index";
import { IndexChunk, IndexDirectory, type IndexKey } from "@/models/IndexChunk";
import { Part } from "@/models/Part";

// For parts written straight into the database (a restore, a bulk import), which no command listed:
// reads every part once and rebuilds the catalogue's lists and search terms from them. An operator's
// tool, not a request: it may read the whole collection.

/** Rebuilds the catalogue's lists and search terms from the parts; says what it did in one line. */
export async function reindexCatalogue(): Promise<string> {
  await connectDb();
  const lists = new Map<string, IndexKey[]>([CATALOGUE_LIST, PRICE_LIST, NAME_LIST].map((list) => [list, []]));
  let parts = 0;
  for await (const part of Part.find({}, { partsname: 1, price: 1, description: 1, createdAt: 1 }).lean<ListedPart>().cursor()) {
    parts += 1;
    for (const { list, key } of listEntriesOf(part)) {
      const keys = lists.get(list);
      if (keys) keys.push(key);
      else lists.set(list, [key]);
    }
  }
  const stale: string[] = [];
  for await (const { _id: list } of IndexDirectory.find({}, { _id: 1 }).lean<{ _id: string }>().cursor()) {
    if (list.startsWith(SEARCH_LIST_PREFIX) && !lists.has(list)) stale.push(list);
  }
  await rebuildLists(lists);
  for (const list of stale) {
    await IndexChunk.deleteMany({ list });
    await IndexDirectory.deleteOne({ _id: list });
  }
  const terms = lists.size - 3;
  return `Catalogue reindexed: ${parts} part${parts === 1 ? "" : "s"} listed, ${terms} search term${terms === 1 ? "" : "s"}, ${stale.length} stale term${stale.length === 1 ? "" : "s"} removed.`;
}

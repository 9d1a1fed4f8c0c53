import "server-only";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { catalogueRebuild, partListChanges } from "@/lib/catalogue/lists";
import { NUMBER_LIST_PREFIX, SEARCH_LIST_PREFIX, SEARCH_LIST_PREFIXES } from "@/lib/search/lists";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { rebuildBrands } from "@/lib/catalogue/brands";
import { FACET_LIST_PREFIXES } from "@/lib/catalogue/facets";
import { brandSlugOf } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// For parts written straight into the database (a restore, a bulk import), which no command listed:
// reads every part once and rebuilds the catalogue's lists, search terms, number lists, facet lists
// and counts, brands and SKU claims from them. An operator's tool, not a request: it may read the whole collection.

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Rebuilds the catalogue's lists, search terms and SKU claims from the parts; says what it did in one line. */
export async function reindexCatalogue(): Promise<string> {
  await connectDb();
  const rebuild = catalogueRebuild();
  // The oldest part bearing a SKU keeps it; a later one (two parts imported with one SKU) is reported.
  const skus = new Map<string, ListedPart["_id"]>();
  const brands = new Map<string, string>();
  let parts = 0;
  let sharedSkus = 0;
  for await (const part of Part.find({}, LISTED_FIELDS).lean<ListedPart>().cursor()) {
    parts += 1;
    rebuild.addChanges(partListChanges(part, "add"));
    const brand = part.brand?.trim();
    if (brand && brandSlugOf(brand) && !brands.has(brandSlugOf(brand))) brands.set(brandSlugOf(brand), brand);
    const sku = compactNumber(part.sku ?? "");
    const holder = skus.get(sku);
    if (holder) sharedSkus += 1;
    // Ids grow with time: the smaller is the older part.
    if (sku && (!holder || String(part._id) < String(holder))) skus.set(sku, part._id);
  }
  const isDerived = (list: string) => [...SEARCH_LIST_PREFIXES, ...FACET_LIST_PREFIXES].some((prefix) => list.startsWith(prefix));
  const stale = await rebuild.write({ matches: isDerived, then: "drop" });
  await rebuildBrands(brands);
  await SkuClaim.deleteMany({});
  if (skus.size > 0) await SkuClaim.insertMany([...skus].map(([sku, part]) => ({ _id: sku, part })));
  const terms = rebuild.names().filter((list) => list.startsWith(SEARCH_LIST_PREFIX)).length;
  const numbers = rebuild.names().filter((list) => list.startsWith(NUMBER_LIST_PREFIX)).length;
  const shared = sharedSkus > 0 ? ` (${plural(sharedSkus, "part")} share a SKU with an older part: give them their own)` : "";
  return `Catalogue reindexed: ${plural(parts, "part")} listed, ${plural(terms, "search term")}, ${plural(numbers, "part number")}, ${plural(skus.size, "SKU")}${shared}, ${plural(stale, "stale list")} removed.`;
}

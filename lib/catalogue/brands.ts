import "server-only";
import { brandSlugOf } from "@/lib/parts/search-entry";
import { withLock } from "@/lib/storage/lock";
import { CatalogueMenu } from "@/models/CatalogueMenu";
import type { MenuEntry } from "@/models/menu-entries";

// The brands the catalogue's parts have borne: a brand enters with its first part and stays (its
// list's size, 0 once its last part goes, is its count). Read whole: a shop has tens to a few hundred.

const BRANDS = "brands";

export async function knownBrands(): Promise<MenuEntry[]> {
  return (await CatalogueMenu.findById(BRANDS).lean())?.entries ?? [];
}

/** Adds the brands the menu lacks, named as first spelled; one read when it has them all. */
export async function rememberBrands(names: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = new Map(names.flatMap((name) => (name?.trim() && brandSlugOf(name) ? [[brandSlugOf(name), name.trim()] as const] : [])));
  if (wanted.size === 0) return;
  const missing = (entries: MenuEntry[]) => {
    const known = new Set(entries.map((entry) => entry.slug));
    return [...wanted].filter(([slug]) => !known.has(slug)).map(([slug, name]) => ({ slug, name }));
  };
  if (missing(await knownBrands()).length === 0) return;
  await withLock("catalogue-brands", "The brands are being changed; try again in a moment.", async () => {
    const entries = await knownBrands();
    const added = missing(entries);
    if (added.length > 0) await CatalogueMenu.replaceOne({ _id: BRANDS }, { _id: BRANDS, entries: [...entries, ...added] }, { upsert: true });
  });
}

/** Replaces the menu with the brands the parts bear now, for `npm run reindex`. */
export async function rebuildBrands(names: Map<string, string>): Promise<void> {
  await CatalogueMenu.replaceOne({ _id: BRANDS }, { _id: BRANDS, entries: [...names].map(([slug, name]) => ({ slug, name })) }, { upsert: true });
}

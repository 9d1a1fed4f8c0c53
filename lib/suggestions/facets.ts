import "server-only";
import { knownBrands } from "@/lib/catalogue/brands";
import { brandList, categoryList } from "@/lib/catalogue/facets";
import { facetValueList } from "@/lib/catalogue/lists";
import { foldText } from "@/lib/vocabulary/names";
import { PART_CATEGORIES, type PartCategory } from "@/lib/vocabulary/categories";
import type { Suggestion } from "@/lib/validation/suggestions";
import { highlightRanges, type QueryPlan } from "@/lib/search/search";
import { planNames } from "@/lib/suggestions/plan-names";

// Categories and brands: their menus are small (a fixed list; the brands the parts have borne, one
// document), so they are matched whole in memory, against the search's plan of the text (typo
// variants and synonyms included). A brand or category whose last part went stays in its menu: its
// list's size, one read, keeps it out of the suggestions.

/** Of each kind, at most this many: the rest of the box is for parts. */
const PER_KIND = 2;

type Named = { slug: string; name: string };

async function withParts(matches: Named[], listOf: (slug: string) => string): Promise<Named[]> {
  const sizes = await Promise.all(matches.slice(0, PER_KIND * 2).map((match) => facetValueList(listOf(match.slug)).size()));
  return matches.filter((_, i) => (sizes[i] ?? 0) > 0).slice(0, PER_KIND);
}

// Names starting with the first word typed come first ("Brakes" before "Disc brakes" for "bra").
const byStart = (plan: QueryPlan) => {
  const later = (named: Named) => Number(!foldText(named.name).startsWith(plan.words[0]?.typed ?? ""));
  return (a: Named, b: Named) => later(a) - later(b) || a.name.localeCompare(b.name);
};

export async function categorySuggestions(plan: QueryPlan): Promise<Suggestion[]> {
  const matches = Object.entries(PART_CATEGORIES)
    .map(([slug, name]) => ({ slug, name }))
    .filter(({ name }) => planNames(name, plan))
    .sort(byStart(plan));
  return (await withParts(matches, (slug) => categoryList(slug as PartCategory))).map(({ slug, name }) => ({
    kind: "category",
    label: name,
    href: `/parts?category=${slug}`,
    highlights: highlightRanges(name, plan),
  }));
}

export async function brandSuggestions(plan: QueryPlan): Promise<Suggestion[]> {
  if (plan.words.length === 0) return [];
  const matches = (await knownBrands()).filter(({ name }) => planNames(name, plan)).sort(byStart(plan));
  return (await withParts(matches, brandList)).map(({ slug, name }) => ({
    kind: "brand",
    label: name,
    href: `/parts?brand=${encodeURIComponent(slug)}`,
    highlights: highlightRanges(name, plan),
  }));
}

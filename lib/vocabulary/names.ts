// How the shop folds a name: for matching a search, for reading names in A–Z order, and for the
// slugs URLs, ids and lookups use (a make, a model, an engine, a brand).

/** Lower-cased with accents folded, for matching and for reading names in A–Z order. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** ASCII lower case and digits, accents folded, words joined by dashes: "Škoda" is "skoda". */
export const slugOf = (text: string): string =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

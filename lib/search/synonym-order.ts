// The synonym list is kept A–Z by each group's first phrase, so the admin finds a group where
// expected and a page of the list is a slice of the stored order, never a sort per read.

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function byFirstPhrase(a: { phrases: readonly string[] }, b: { phrases: readonly string[] }): number {
  return collator.compare(a.phrases[0] ?? "", b.phrases[0] ?? "");
}

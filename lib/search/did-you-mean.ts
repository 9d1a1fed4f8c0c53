import "server-only";
import { listHead } from "@/lib/search/list-heads";
import { planMatches } from "@/lib/search/matches";
import { planQuery, searchText } from "@/lib/search/plan";
import { MAX_QUERY_WORDS, searchWords } from "@/lib/search/terms";
import { looseTypoBudget } from "@/lib/search/typos";
import { typoVariants } from "@/lib/search/typo-variants";
import { vehicleNamed } from "@/lib/search/vehicles";

// "Did you mean": for a search that found nothing, each word no part bears is replaced by the
// closest indexed word under a looser rule than the search's own (one typo from 4 letters, two
// from 7), or left out when none is close; the query that results is offered only if it finds parts.

/** The closest query that matches something, or null. */
export async function didYouMean(q: string): Promise<string | null> {
  const words = searchWords(searchText(q)).slice(0, MAX_QUERY_WORDS + 2);
  if (words.length === 0) return null;
  const named = await vehicleNamed(words);
  const corrected = await Promise.all(
    words.map(async (word, i) => {
      if (named?.used.has(i) || (await listHead("term", word)).total > 0) return word;
      return (await typoVariants(word, looseTypoBudget(word)))[0]?.word ?? null;
    }),
  );
  const query = corrected.filter((word): word is string => word !== null).join(" ");
  if (!query || query === words.join(" ")) return null;
  const { matches } = await planMatches(await planQuery(query));
  return matches.length > 0 ? query : null;
}

import { describe, expect, it } from "vitest";
import { MAX_QUERY_TERMS, queryTerms } from "@/lib/catalogue/search-terms";

describe("the words of a search", () => {
  it("drops a word another word of the search begins with", () => {
    expect(queryTerms("brake br BRAKES pad")).toEqual(["brakes", "pad"]);
  });

  it("keeps the longest words of a long search, so a search reads a bounded number of term lists", () => {
    const terms = queryTerms("ab cd efgh ijklmn op qrs tuvwxyz");
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(new Set(terms)).toEqual(new Set(["tuvwxyz", "ijklmn", "efgh", "qrs"]));
  });
});

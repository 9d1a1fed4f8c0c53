import { describe, expect, it } from "vitest";
import { partTerms, searchWords } from "@/lib/search/terms";
import { editDistance, typoBudget, typoKeys } from "@/lib/search/typos";
import { numberPrefixesOf } from "@/lib/vocabulary/part-numbers";

describe("the words of a search", () => {
  it("folds case and accents and splits on anything not a letter or digit", () => {
    expect(searchWords("Décor START-stop #12")).toEqual(["decor", "start", "stop", "12"]);
  });

  it("indexes every word of a part from its 2-letter prefix", () => {
    expect(partTerms({ partsname: "Disc", description: "", brand: "ATE" })).toEqual(["di", "dis", "disc", "at", "ate"]);
  });
});

describe("typos", () => {
  it("allows none below 5 letters, one from 5, two from 9, none in a word with digits", () => {
    expect(typoBudget("pads")).toBe(0);
    expect(typoBudget("brake")).toBe(1);
    expect(typoBudget("alternator")).toBe(2);
    expect(typoBudget("bp1234x")).toBe(0);
  });

  it("counts a missing, extra, wrong or swapped letter as one typo", () => {
    expect(editDistance("brak", "brake", 2)).toBe(1);
    expect(editDistance("brakes", "brake", 2)).toBe(1);
    expect(editDistance("brike", "brake", 2)).toBe(1);
    expect(editDistance("barke", "brake", 2)).toBe(1);
    expect(editDistance("altrenatr", "alternator", 2)).toBe(2);
    expect(editDistance("filter", "brake", 2)).toBe(3);
  });

  it("lists a word under itself and each form of it less one letter", () => {
    expect(typoKeys("pads", 1).sort()).toEqual(["ads", "pad", "pads", "pas", "pds"]);
  });
});

describe("part number beginnings", () => {
  it("lists an MPN's and OEM numbers' beginnings from 4 characters, not the GTIN's", () => {
    expect(numberPrefixesOf({ mpn: "BP-1234X", gtin: "4006633002442" })).toEqual(["bp12", "bp123", "bp1234"]);
  });
});

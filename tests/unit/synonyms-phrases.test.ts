import { describe, expect, it } from "vitest";
import { describeIssues } from "@/lib/http/body";
import { DEFAULT_SYNONYM_GROUPS } from "@/lib/search/synonym-seed";
import { synonymMapOf } from "@/lib/search/synonyms";
import { foldPhrase, phrasesTextRefusal, synonymGroupChangeSchema, synonymGroupNewSchema, synonymPhrasesSchema, synonymPhrasesTextSchema } from "@/lib/validation/search-synonyms";

const refusal = (phrases: unknown) => {
  const parsed = synonymGroupNewSchema.safeParse({ phrases });
  return parsed.success ? null : describeIssues(parsed.error);
};

describe("a synonym phrase", () => {
  it("is folded as the search folds words: lower case, accents folded, one space between words", () => {
    expect(foldPhrase("Brake  Disc")).toBe("brake disc");
    expect(foldPhrase("  Pneu Été ")).toBe("pneu ete");
    expect(foldPhrase("anti-roll bar")).toBe("anti roll bar");
    expect(foldPhrase("Anti - Roll--Bar")).toBe("anti roll bar");
    expect(foldPhrase("O2 Sensor")).toBe("o2 sensor");
    expect(foldPhrase("Škoda")).toBe("skoda");
  });

  it("is stored folded, and a group is refused when two of its phrases fold alike", () => {
    expect(synonymGroupNewSchema.parse({ phrases: [" Rotor ", "Brake-Disc"] }).phrases).toEqual(["rotor", "brake disc"]);
    expect(refusal(["Rotor", "rotor"])).toBe('phrases: "rotor" is in this group twice');
    expect(refusal(["brake disc", "Brake-Disc"])).toBe('phrases: "brake disc" is in this group twice');
  });

  it("is 1 to 40 letters, digits, spaces and hyphens, with a letter or digit", () => {
    expect(refusal(["rotor", ""])).toBe("phrases.1: A phrase must not be empty");
    expect(refusal(["rotor", "   "])).toBe("phrases.1: A phrase must not be empty");
    expect(refusal(["rotor", "x".repeat(41)])).toBe("phrases.1: A phrase must be 40 characters or fewer");
    expect(refusal(["rotor", "x".repeat(40)])).toBeNull();
    expect(refusal(["rotor", "disc/drum"])).toBe("phrases.1: A phrase may hold only letters, digits, spaces and hyphens");
    expect(refusal(["rotor", "disc,drum"])).toBe("phrases.1: A phrase may hold only letters, digits, spaces and hyphens");
    expect(refusal(["rotor", "disc\tpad"])).toBe("phrases.1: A phrase may hold only letters, digits, spaces and hyphens");
    expect(refusal(["rotor", "<script>"])).toBe("phrases.1: A phrase may hold only letters, digits, spaces and hyphens");
    expect(refusal(["rotor", "--"])).toBe("phrases.1: A phrase needs at least one letter or digit");
    expect(refusal(["rotor", 7])).toBe("phrases.1: A phrase must be text");
    expect(refusal(["rotor", { $gt: "" }])).toBe("phrases.1: A phrase must be text");
    expect(refusal(["Bremsscheibe", "tarcza hamulcowa", "disque de frein"])).toBeNull();
  });
});

describe("a synonym group", () => {
  it("holds 2 to 12 phrases", () => {
    expect(refusal(["rotor"])).toBe("phrases: A group needs at least 2 phrases");
    expect(refusal([])).toBe("phrases: A group needs at least 2 phrases");
    expect(refusal(Array.from({ length: 13 }, (_, i) => `phrase ${i}`))).toBe("phrases: A group holds at most 12 phrases");
    expect(refusal(Array.from({ length: 12 }, (_, i) => `phrase ${i}`))).toBeNull();
    expect(refusal("rotor, disc")).toBe("phrases: The phrases must be a list of texts");
    expect(describeIssues(synonymGroupNewSchema.safeParse({}).error!)).toBe("phrases: The phrases must be a list of texts");
  });

  it("is changed naming the version it was read at", () => {
    expect(synonymGroupChangeSchema.safeParse({ phrases: ["tire", "tyre"], version: 3 }).success).toBe(true);
    expect(describeIssues(synonymGroupChangeSchema.safeParse({ phrases: ["tire", "tyre"] }).error!)).toBe("version: The version you changed is required");
    expect(describeIssues(synonymGroupChangeSchema.safeParse({ phrases: ["tire", "tyre"], version: 0 }).error!)).toBe("version: The version must be at least 1");
    expect(describeIssues(synonymGroupChangeSchema.safeParse({ phrases: ["tire", "tyre"], version: "3" }).error!)).toBe("version: The version must be a number");
  });

  it("is typed in the dashboard as phrases separated by commas", () => {
    expect(synonymPhrasesTextSchema.parse("Rotor, disc ,, Brake Disc,")).toEqual(["rotor", "disc", "brake disc"]);
    const refused = (text: string) => phrasesTextRefusal(text, synonymPhrasesTextSchema.safeParse(text).error!);
    expect(refused("rotor")).toBe("A group needs at least 2 phrases");
    expect(refused("rotor, disc/drum, pads")).toBe('"disc/drum": A phrase may hold only letters, digits, spaces and hyphens');
    expect(refused("rotor; disc")).toBe('"rotor; disc": A phrase may hold only letters, digits, spaces and hyphens');
    expect(refused("Rotor, rotor")).toBe('"rotor" is in this group twice');
    expect(refused("x".repeat(5000))).toMatch(/characters or fewer/);
  });
});

describe("the default groups", () => {
  it("are valid groups, folded already, with no phrase in two of them", () => {
    const seen = new Set<string>();
    for (const group of DEFAULT_SYNONYM_GROUPS) {
      expect(synonymPhrasesSchema.parse(group)).toEqual(group);
      for (const phrase of group) {
        expect(seen.has(phrase), phrase).toBe(false);
        seen.add(phrase);
      }
    }
  });

  it("map each phrase to the others of its group", () => {
    const map = synonymMapOf(DEFAULT_SYNONYM_GROUPS.map((phrases, i) => ({ id: String(i), phrases: [...phrases], version: 1 })));
    expect(map.get("tire")).toEqual(["tyre"]);
    expect(map.get("pad set")).toEqual(["pads", "brake pads"]);
    expect(map.get("damper")).toEqual(["shock", "shock absorber"]);
    expect(map.get("alternator")).toBeUndefined();
  });
});

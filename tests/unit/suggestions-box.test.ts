import { describe, expect, it } from "vitest";
import { answersTyped, countAnnouncement, markedPieces, MIN_TYPED, movedActive, worthAsking } from "@/components/search/suggestion-box";
import { typedHighlights, startsWordsOf } from "@/lib/suggestions/typed-words";
import { MIN_SUGGESTION_QUERY_LENGTH } from "@/lib/validation/suggestions";

describe("the search box's keys", () => {
  it("ArrowDown walks the options from the text box and back to it", () => {
    const walk = [-1];
    for (let i = 0; i < 4; i++) walk.push(movedActive(walk.at(-1)!, 3, "ArrowDown"));
    expect(walk).toEqual([-1, 0, 1, 2, -1]);
  });

  it("ArrowUp from the text box goes to the last option", () => {
    expect(movedActive(-1, 3, "ArrowUp")).toBe(2);
    expect(movedActive(0, 3, "ArrowUp")).toBe(-1);
  });

  it("with no options the text box stays active", () => {
    expect(movedActive(-1, 0, "ArrowDown")).toBe(-1);
    expect(movedActive(2, 0, "ArrowUp")).toBe(-1);
  });
});

describe("the answers the box shows", () => {
  it("shows only the answer to the text the box holds now", () => {
    expect(answersTyped({ query: "brake", suggestions: [] }, "brake")).toBe(true);
    expect(answersTyped({ query: "bra", suggestions: [] }, "brake")).toBe(false);
  });

  it("asks from the length the server answers", () => {
    expect(MIN_TYPED).toBe(MIN_SUGGESTION_QUERY_LENGTH);
    expect(worthAsking("b")).toBe(false);
    expect(worthAsking(" b ")).toBe(false);
    expect(worthAsking("br")).toBe(true);
  });

  it("announces how many suggestions there are", () => {
    expect(countAnnouncement(0)).toBe("No suggestions.");
    expect(countAnnouncement(1)).toMatch(/^1 suggestion:/);
    expect(countAnnouncement(8)).toMatch(/^8 suggestions:/);
  });
});

describe("the marked label", () => {
  it("cuts the label into plain and marked pieces", () => {
    expect(markedPieces("Brake pad set", [{ start: 6, end: 9 }, { start: 0, end: 4 }])).toEqual([
      { text: "Brak", marked: true },
      { text: "e ", marked: false },
      { text: "pad", marked: true },
      { text: " set", marked: false },
    ]);
  });

  it("joins ranges that overlap or touch, and clips those past the label", () => {
    expect(markedPieces("Disc", [{ start: 0, end: 2 }, { start: 1, end: 3 }, { start: 3, end: 99 }, { start: 2, end: 2 }])).toEqual([{ text: "Disc", marked: true }]);
  });
});

describe("words typed against a name", () => {
  it("every typed word must start a word of the name, in any order", () => {
    expect(startsWordsOf("Bosch Brake Pad Set", ["pa", "bra"])).toBe(true);
    expect(startsWordsOf("Bosch Brake Pad Set", ["rake"])).toBe(false);
    expect(startsWordsOf("Valeo Décor Trim", ["deco"])).toBe(true);
  });

  it("marks the typed start of each word, accents and case as written", () => {
    expect(typedHighlights("Front Brake Pads (Brembo)", ["br", "pad"])).toEqual([
      { start: 6, end: 8 },
      { start: 12, end: 15 },
      { start: 18, end: 20 },
    ]);
    expect(typedHighlights("Décor trim", ["deco"])).toEqual([{ start: 0, end: 4 }]);
  });

  it("keeps highlights on the label's own characters when folding changes lengths", () => {
    // "e" + combining acute: two code units, one folded letter.
    const label = "Cafe\u0301 lamp";
    expect(typedHighlights(label, ["cafe", "la"])).toEqual([{ start: 0, end: 4 }, { start: 6, end: 8 }]);
  });
});

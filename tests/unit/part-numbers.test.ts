import { describe, expect, it } from "vitest";
import { compactNumber, isPartNumber, isValidGtin, numberQueryOf, partNumbersOf } from "@/lib/vocabulary/part-numbers";
import { identityChanges, identityOf } from "@/lib/catalogue/part-identity";
import { PART_MESSAGES, partSchema, partUpdateSchema } from "@/lib/validation/parts";

const part = { partsname: "Pad", image: "/parts/brake-pads.svg", price: 10, quantity: 5, description: "Pads." };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("part numbers", () => {
  it("compacts a number as people type it", () => {
    expect(compactNumber("BP-1234 A")).toBe("bp1234a");
    expect(compactNumber("bp.1234/a")).toBe("bp1234a");
    expect(compactNumber("Ö-12–3")).toBe("o123");
  });

  it("accepts letters and digits with dashes, dots, slashes and spaces between them, and no less than 3 of them", () => {
    for (const good of ["SL-BD300V", "W 712/75", "0 986 494 123", "A.B.C"]) expect(isPartNumber(good), good).toBe(true);
    for (const bad of ["-12345", "AB", "12#45", "a_b_c", "<script>", "1-2"]) expect(isPartNumber(bad), bad).toBe(false);
  });

  it("checks a GTIN's length and check digit", () => {
    for (const good of ["4006381333931", "4006-381 333931", "036000291452", "96385074", "10614141000415"]) expect(isValidGtin(good), good).toBe(true);
    for (const bad of ["4006381333932", "400638133393", "12345", "abcdefghijklm", "400638133393１"]) expect(isValidGtin(bad), bad).toBe(false);
  });

  it("lists a part's numbers once each, and reads a search as a number only when it could be one", () => {
    expect(partNumbersOf({ mpn: "AB-123", sku: "ab 123", gtin: "96385074", oemNumbers: ["X-1-2-3", "x123"] })).toEqual(["ab123", "96385074", "x123"]);
    expect(numberQueryOf("ab")).toBeNull();
    expect(numberQueryOf("  ab-1 ")).toBe("ab1");
    expect(numberQueryOf("x".repeat(41))).toBeNull();
  });
});

describe("the part schemas and the stored identity", () => {
  it("refuses bad numbers with messages that say what is wanted", () => {
    const result = partSchema.safeParse({ ...part, mpn: "#!", gtin: "4006381333932", category: "spaceships", oemNumbers: Array(21).fill("OEM-1"), brand: "b".repeat(61) });
    expect(messagesOf(result).sort()).toEqual(
      [`mpn: ${PART_MESSAGES.partNumber}`, `gtin: ${PART_MESSAGES.gtin}`, `category: ${PART_MESSAGES.category}`, `oemNumbers: ${PART_MESSAGES.oemNumbers}`, "brand: Must be 60 characters or fewer"].sort(),
    );
    expect(messagesOf(partSchema.safeParse({ ...part, oemNumbers: ["ok-123", "\u0000bad"] }))).toContain("oemNumbers.1: Must not contain control characters");
  });

  it("stores what is given, drops what is empty, keeps a GTIN's digits and an OEM number once", () => {
    const input = partSchema.parse({ ...part, brand: " Stopline ", mpn: "", gtin: "4006-381 333931", oemNumbers: ["A-123", "A-123", ""], category: "" });
    expect(identityOf(input)).toEqual({ brand: "Stopline", gtin: "4006381333931", oemNumbers: ["A-123"] });
  });

  it("an edit sets what is given, clears what is emptied and leaves the rest", () => {
    const changes = partUpdateSchema.parse({ brand: "", mpn: "N-1234", oemNumbers: [] });
    expect(identityChanges(changes)).toEqual({ set: { mpn: "N-1234" }, unset: ["brand", "oemNumbers"] });
  });
});

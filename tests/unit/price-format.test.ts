import { describe, expect, it } from "vitest";
import { formatPrice } from "@/lib/site/format";

describe("formatPrice", () => {
  it("groups thousands, and shows cents only when there are any", () => {
    expect(formatPrice(64)).toBe("$64");
    expect(formatPrice(64.5)).toBe("$64.50");
    expect(formatPrice(4199958)).toBe("$4,199,958");
    expect(formatPrice(1234.05)).toBe("$1,234.05");
    expect(formatPrice(0)).toBe("$0");
  });
});

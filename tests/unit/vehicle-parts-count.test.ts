import { describe, expect, it } from "vitest";
import { vehiclePartsCount } from "@/lib/fitment/vehicle-parts-count";

describe("a vehicle page's count line", () => {
  it("says how many parts fit, one or many, and how many of them are universal", () => {
    expect(vehiclePartsCount(0, 0)).toBe("No parts are listed for this vehicle yet.");
    expect(vehiclePartsCount(1, 0)).toBe("1 part fits this vehicle.");
    expect(vehiclePartsCount(11, 0)).toBe("11 parts fit this vehicle.");
    expect(vehiclePartsCount(11, 1)).toBe("11 parts fit this vehicle, including 1 universal part (listed last).");
    expect(vehiclePartsCount(11, 3)).toBe("11 parts fit this vehicle, including 3 universal parts (listed last).");
    expect(vehiclePartsCount(1, 1)).toBe("1 part fits this vehicle: a universal part.");
    expect(vehiclePartsCount(4, 4)).toBe("4 parts fit this vehicle, all of them universal parts.");
  });
});

import { describe, expect, it } from "vitest";
import { priceBandOf } from "@/lib/catalogue/facets";
import { catalogueHref, readCatalogueQuery } from "@/lib/catalogue/query-string";
import { chosenVehicleText, readChosenVehicle } from "@/lib/garage/chosen-vehicle";

// The catalogue's address as a customer shares it: the search, the vehicle and the facets read back
// exactly as written, anything else dropped; and the vehicle's text as its cookie carries it.

describe("the catalogue's query", () => {
  it("reads the facets it knows and drops the rest; writes them back in one order", () => {
    const query = readCatalogueQuery({ q: " pads ", category: "brakes", brand: "stop-line", price: "50-100", stock: "in", vehicle: "2016/honda/civic", sort: "name", page: "2" });
    expect(query).toEqual({ q: "pads", page: 2, sort: "name", vehicle: "2016/honda/civic", category: "brakes", brand: "stop-line", price: "50-100", inStock: true });
    expect(catalogueHref(query)).toBe("/parts?q=pads&vehicle=2016%2Fhonda%2Fcivic&category=brakes&brand=stop-line&price=50-100&stock=in&sort=name&page=2");
    expect(readCatalogueQuery(Object.fromEntries(new URL(catalogueHref(query), "http://shop.test").searchParams))).toEqual(query);
    const junk = readCatalogueQuery({ category: "warp-drives", brand: "Stop Line", price: "free", stock: "yes", vehicle: "2016/Honda/civic" });
    expect(junk).toEqual({ q: "", page: 1, sort: undefined, vehicle: undefined, category: undefined, brand: undefined, price: undefined, inStock: undefined });
    expect(readCatalogueQuery({ brand: "x".repeat(61) }).brand).toBeUndefined();
    expect(readCatalogueQuery({ vehicle: "any" }).vehicle).toBe("any");
  });

  it("puts a price in its range, bounds included at the bottom", () => {
    expect([0, 2499, 2500, 4999, 5000, 9999, 10000, 24999, 25000, 10_000_000].map(priceBandOf)).toEqual(["under-25", "under-25", "25-50", "25-50", "50-100", "50-100", "100-250", "100-250", "250-up", "250-up"]);
  });
});

describe("the chosen vehicle's text", () => {
  it("is year/make/model with an optional engine, all slugs, and reads back as written", () => {
    for (const text of ["2016/honda/civic", "2016/mercedes-benz/c-class/2-0-l4-turbo"]) expect(chosenVehicleText(readChosenVehicle(text)!)).toBe(text);
    for (const bad of [null, "", "2016/honda", "16/honda/civic", "2016/honda/civic/", "2016/Honda/civic", "2016/honda/civic/a/b", "2016/honda/ci vic", "1949/honda/civic", "9999/honda/civic", `2016/${"a".repeat(61)}/civic`]) {
      expect(readChosenVehicle(bad)).toBeNull();
    }
  });
});

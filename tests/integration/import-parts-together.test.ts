import { beforeAll, describe, expect, it } from "vitest";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { listChanges } from "@/lib/catalogue/lists";
import { fittingList, modelYearOf } from "@/lib/fitment/lists";
import { runImport } from "@/lib/imports/run-import";
import { priceCents } from "@/lib/parts/listed-part";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { missingFromLists } from "@/lib/storage/ordered-lists";
import { withPartLock } from "@/lib/stock/part-stock";
import { Fitment } from "@/models/Fitment";
import { importJobOf, jobOf, missingFromCatalogue, partOfSku } from "../support/imports";
import { fitmentDisagreements } from "../support/lists-agree";

// A parts file's batch writes its parts together (their locks, notes, documents and lists in bulk):
// each part must still end as Add Product and Manage Product would leave it, the entries it had
// gone from every list, and a part the batch cannot take at once (its lock held elsewhere, its SKU
// named twice) written by the one-part commands after it.

const HEADER = "sku,mpn,name,brand,category,description,price,stock,min_order,max_order,image_url";
const row = (n: number, { price = 10, name = `Together part ${n}`, brand = "Acme", category = "brakes", stock = 5 } = {}) =>
  `TOG-${String(n).padStart(4, "0")},MPN-T${n},${name},${brand},${category},Part ${n} from a file.,${price},${stock},1,,https://example.com/t${n}.jpg`;
const sku = (n: number) => `TOG-${String(n).padStart(4, "0")}`;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

describe("a parts batch written together", () => {
  it("moves every changed part out of the entries it had and into those it has, in every list", async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => i + 1);
    await runImport(await importJobOf("parts", [HEADER, ...numbers.map((n) => row(n))]));
    const before = await Promise.all(numbers.map((n) => partOfSku(sku(n))));
    // New names (other search terms), prices in another band, other brands and categories.
    const changed = numbers.map((n) => (n % 2 === 0 ? row(n, { price: 180 + n, name: `Renamed rotor ${n}`, brand: "Brembo", category: "filters", stock: 9 }) : row(n)));
    const job = await importJobOf("parts", [HEADER, ...changed]);
    await runImport(job);
    expect((await jobOf(job)).counts).toMatchObject({ accepted: 12, added: 0, updated: 6, unchanged: 6 });
    for (const [i, n] of numbers.entries()) {
      const part = (await partOfSku(sku(n)))!;
      if (n % 2 === 0) expect(part, sku(n)).toMatchObject({ partsname: `Renamed rotor ${n}`, price: 180 + n, brand: "Brembo", category: "filters" });
      expect(await missingFromCatalogue(part), sku(n)).toEqual([]);
      // Each entry the part had and no longer has is gone from its list.
      const gone = listChanges(before[i]!, part).filter((change) => change.op === "remove").map((change) => ({ ...change, op: "add" as const }));
      expect(gone.length > 0).toBe(n % 2 === 0);
      expect((await missingFromLists(gone)).length, sku(n)).toBe(gone.length);
    }
  });

  it("moves a repriced part's entry in the lists of the vehicles it fits", async () => {
    await runImport(await importJobOf("parts", [HEADER, row(50, { price: 20 })]));
    const part = (await partOfSku(sku(50)))!;
    await addFitment(String(part._id), [{ yearFrom: 2018, make: "Togmake", model: "Hatch" }]);
    await runImport(await importJobOf("parts", [HEADER, row(50, { price: 35 })]));
    const modelYear = modelYearOf((await Fitment.findOne({ part: part._id }).lean())!._id);
    const entries = (await fittingList(modelYear).whole()).filter((entry) => entry.id === String(part._id));
    expect(entries.map((entry) => entry.priceCents)).toEqual([priceCents(35)]);
    expect(await fitmentDisagreements(String(part._id))).toEqual([]);
  });

  it("writes a part whose lock is held elsewhere once it is let go, and a SKU named twice as its last row says", async () => {
    await runImport(await importJobOf("parts", [HEADER, row(60), row(61)]));
    const held = (await partOfSku(sku(60)))!;
    let letGo = () => {};
    const holding = withPartLock(held._id, () => new Promise<void>((resolve) => (letGo = resolve)));
    const job = await importJobOf("parts", [HEADER, row(60, { price: 44 }), row(61, { price: 12 }), row(62), row(61, { price: 13 })]);
    const running = runImport(job);
    setTimeout(() => letGo(), 300);
    await Promise.all([holding, running]);
    expect((await jobOf(job)).counts).toMatchObject({ accepted: 4, added: 1, updated: 3 });
    expect((await partOfSku(sku(60)))?.price).toBe(44);
    expect((await partOfSku(sku(61)))?.price).toBe(13);
    for (const n of [60, 61, 62]) expect(await missingFromCatalogue((await partOfSku(sku(n)))!)).toEqual([]);
  });
});

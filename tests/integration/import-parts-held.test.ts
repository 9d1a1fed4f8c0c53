import { Types } from "mongoose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addPart, newPartFields, updatePart } from "@/lib/catalogue/commands";
import { partWrites } from "@/lib/catalogue/part-writes";
import { type WantedPart, writePartsTogether } from "@/lib/catalogue/parts-together";
import { InvalidInputError } from "@/lib/errors";
import { rowPartId } from "@/lib/imports/parts-batch";
import { runImport } from "@/lib/imports/run-import";
import { placeOrder } from "@/lib/orders/place-order";
import type { ListedPart } from "@/lib/parts/listed-part";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError } from "@/lib/storage/lock";
import { StockLock } from "@/lib/storage/models/StockLock";
import { withFreeLockedParts } from "@/lib/stock/part-stock";
import { type NewPart, partSchema } from "@/lib/validation/parts";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";
import { importJobOf, jobOf, missingFromCatalogue, partOfSku } from "../support/imports";

// A parts batch under one hold of its parts' locks: a part the Part schema refuses is refused
// rather than counted, an order after the batch reads the stock it set, a SKU claimed by another
// part of the hold is read rather than waited for, two rows naming one part are both accounted
// for, and locks lost mid-hold stop the batch before it writes under another's lock.

const HEADER = "sku,name,description,price,stock,image_url";
const line = (sku: string, stock = 5) => `${sku},Held part ${sku},A part.,7,${stock},https://example.com/h.jpg`;
const newPart = (sku: string, fields: Partial<NewPart> = {}): NewPart =>
  ({ ...partSchema.parse({ partsname: `Held part ${sku}`, image: "https://example.com/h.jpg", price: 7, quantity: 5, description: "A part.", sku }), ...fields }) as NewPart;
const adding = (input: NewPart): WantedPart => (part) => (part ? null : { add: input });
/** The part as the batch would list it, stored or not. */
const listedAs = (id: string, input: NewPart) => newPartFields(new Types.ObjectId(id), input) as unknown as ListedPart;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a parts batch under one hold", () => {
  it("refuses a new part the Part schema refuses, with no document, no SKU claim and no lists", async () => {
    // The import's row check is the Part schema's or stricter, so such a part is written here directly.
    const [bad, good] = [new Types.ObjectId().toHexString(), new Types.ObjectId().toHexString()];
    const badPart = newPart("HELD-BAD-1", { partsname: "x".repeat(200) });
    const outcomes = await writePartsTogether(new Map([[bad, adding(badPart)], [good, adding(newPart("HELD-GOOD-1"))]]));
    expect(outcomes.get(good)).toBe("added");
    expect(outcomes.get(bad)).toBeInstanceOf(InvalidInputError);
    expect((outcomes.get(bad) as Error).message).toMatch(/^partsname: /);
    expect(await Part.exists({ _id: bad })).toBeNull();
    expect(await SkuClaim.findById(compactNumber("HELD-BAD-1")).lean()).toBeNull();
    const lists = await missingFromCatalogue(listedAs(bad, badPart));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists).toEqual(await missingFromCatalogue({ ...listedAs(bad, badPart), _id: new Types.ObjectId() }));
    expect(await missingFromCatalogue((await partOfSku("HELD-GOOD-1"))!)).toEqual([]);
  });

  it("leaves no copy of a part's stock for an order to trust once an import row has set it", async () => {
    await runImport(await importJobOf("parts", [HEADER, line("HELD-STOCK-1", 10)]));
    const id = String((await partOfSku("HELD-STOCK-1"))!._id);
    await placeOrder({ partId: id, quantity: 1, name: "Hal Held", email: "hal@example.com", phone: "555-0101", address: "1 Held Road" });
    await runImport(await importJobOf("parts", [HEADER, line("HELD-STOCK-1", 50)]));
    // What an order round is given when it would trust what this process remembers.
    const quantity = await withFreeLockedParts([id], async (parts) => parts.get(id)?.quantity, () => true);
    expect(quantity).toBe(50);
  });

  it("completes a part's write cut short whose SKU another part of the hold claims without waiting for its own lock", async () => {
    // Two parts bearing one SKU (a crash between a part's document and its claim, then a rival's add), the claim the rival's.
    const [first, rival] = [new Types.ObjectId(), new Types.ObjectId()];
    await Part.create([{ ...newPartFields(first, newPart("HELD-TWICE-1")) }, { ...newPartFields(rival, newPart("HELD-TWICE-1")) }]);
    await SkuClaim.collection.insertOne({ _id: compactNumber("HELD-TWICE-1"), part: rival } as never);
    await partWrites.begin(first.toHexString(), { part: { before: null } });
    const started = Date.now();
    const outcomes = await writePartsTogether(new Map([[first.toHexString(), () => null], [rival.toHexString(), () => null]]));
    // Under a lock's 10 s wait: waiting for its own lock, the hold would have waited that long, then failed.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect([...outcomes.values()]).toEqual(["unchanged", "unchanged"]);
    expect((await SkuClaim.findById(compactNumber("HELD-TWICE-1")).lean())?.part.equals(rival)).toBe(true);
  }, 30_000);

  it("accounts for every row when a new SKU's row and another SKU's row name one part", async () => {
    const job = await importJobOf("parts", [HEADER, line("HELD-NOW-1"), line("HELD-THEN-1")]);
    // An earlier try added the part for line 3 (the file's third line), whose SKU an admin then changed to line 2's.
    const earlier = rowPartId(job, 3);
    await addPart(newPart("HELD-THEN-1"), { id: earlier });
    await updatePart(String(earlier), { sku: "HELD-NOW-1" });
    await runImport(job);
    const { counts: found, status } = await jobOf(job);
    const counts = found!;
    expect(status).toBe("done");
    expect(counts.rows).toBe(2);
    expect(counts.accepted + counts.refused).toBe(2);
  });

  it("writes nothing once a part's lock is taken over mid-hold, and its replay lists every part", async () => {
    const [lost, kept] = [new Types.ObjectId().toHexString(), new Types.ObjectId().toHexString()];
    const inputs = new Map([[lost, newPart("HELD-LOST-1")], [kept, newPart("HELD-KEPT-1")]]);
    const wanted = new Map([...inputs].map(([id, input]): [string, WantedPart] => [id, adding(input)]));
    const begin = partWrites.beginMany.bind(partWrites);
    // The hold stalls past the lock's life and another writer takes it over, just before the batch's writes.
    vi.spyOn(partWrites, "beginMany").mockImplementation(async (notes) => {
      await StockLock.deleteOne({ _id: `part:${lost}` });
      await StockLock.collection.insertOne({ _id: `part:${lost}`, token: "another writer", expiresAt: new Date(Date.now() + 15_000) } as never);
      return begin(notes);
    });
    await expect(writePartsTogether(wanted)).rejects.toBeInstanceOf(LockBusyError);
    expect(await Part.exists({ _id: lost })).toBeNull();
    const unlisted = await missingFromCatalogue({ ...listedAs(lost, inputs.get(lost)!), _id: new Types.ObjectId() });
    expect(await missingFromCatalogue(listedAs(lost, inputs.get(lost)!))).toEqual(unlisted);
    vi.restoreAllMocks();
    await StockLock.deleteOne({ _id: `part:${lost}` });
    const outcomes = await writePartsTogether(wanted);
    expect([...outcomes.values()]).toEqual(["added", "added"]);
    for (const id of [lost, kept]) expect(await missingFromCatalogue((await Part.findById(id).lean<ListedPart>())!)).toEqual([]);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addPart, updatePart } from "@/lib/catalogue/commands";
import { rowPartId } from "@/lib/imports/parts-batch";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { type NewPart, partSchema } from "@/lib/validation/parts";
import { importJobOf, jobOf } from "../support/imports";

// A parts batch under one hold of its parts' locks: two rows naming one part are both accounted for.

const HEADER = "sku,name,description,price,stock,image_url";
const line = (sku: string, stock = 5) => `${sku},Held part ${sku},A part.,7,${stock},https://example.com/h.jpg`;
const newPart = (sku: string, fields: Partial<NewPart> = {}): NewPart =>
  ({ ...partSchema.parse({ partsname: `Held part ${sku}`, image: "https://example.com/h.jpg", price: 7, quantity: 5, description: "A part.", sku }), ...fields }) as NewPart;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a parts batch under one hold", () => {
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
});

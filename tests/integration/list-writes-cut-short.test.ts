import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { CATALOGUE_LIST, listChanges, partListChanges, sortedList } from "@/lib/catalogue/lists";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { searchEntry } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { keepLists, missingFromLists } from "@/lib/storage/ordered-lists";
import { addFitment, removeFitment, setUniversal } from "@/lib/catalogue/fitment-commands";
import { fittingList, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { completeInterruptedWrites } from "@/lib/maintenance/interrupted-writes";
import { reviewList } from "@/lib/reviews/list";
import { readReviewTotals } from "@/lib/reviews/totals";
import { removeReview, saveReview } from "@/lib/reviews/commands";
import { registerUser } from "@/lib/users/commands";
import { userList } from "@/lib/users/list";
import { ensureIndexes } from "@/lib/seed/seed";
import { partSchema } from "@/lib/validation/parts";
import { Fitment } from "@/models/Fitment";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { fitmentDisagreements } from "../support/lists-agree";
import { locksHeldElsewhere } from "../support/locks-held-elsewhere";

// Every write of a document and then its lists, cut short between the two (the database gone, a
// list that stays busy): the lists must come to agree with the documents, through the next write of
// the same thing or through the server's start-up, never only through a reindex.

const { hold, letGo } = locksHeldElsewhere();
/** Holds a list's lock, so a write reaching that list fails after its document is written. */
const holdList = ({ name }: { name: string }) => hold(`list:${name}`);

const holds = async (list: { wholeIds(): Promise<string[]> }, id: string) => (await list.wholeIds()).includes(id);
const listedPart = (id: string) => Part.findById(id, LISTED_FIELDS).lean<ListedPart>();
/** The catalogue lists (sorts, search terms, numbers, facets) `part` belongs in that lack it. */
async function missingFromCatalogue(part: ListedPart): Promise<string[]> {
  return (await missingFromLists(partListChanges(part, "add"))).map((change) => change.list);
}
/** The catalogue lists that still hold `part` as it was, where the part as it is now (if any) has no such entry. */
async function stillHolding(part: ListedPart, now: ListedPart | null = null): Promise<string[]> {
  const gone = listChanges(part, now).filter((change) => change.op === "remove");
  const missing = new Set(await missingFromLists(gone));
  return gone.filter((change) => !missing.has(change)).map((change) => change.list);
}

let serial = 0;
const newPart = async (fields: { price?: number; brand?: string; sku?: string } = {}) => {
  serial += 1;
  const part = await addPart(partSchema.parse({ partsname: `Cut short part ${serial}`, image: "/parts/placeholder.svg", price: fields.price ?? 20, quantity: 5, description: "For the cut-short tests.", brand: fields.brand ?? "Cutbrand", sku: fields.sku }));
  return part._id;
};
const corolla = { yearFrom: 2019, make: "Cutmake", model: "Cutmodel" };

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("a part's writes cut short between the part and its lists", () => {
  it("an added part missing from the catalogue's order is listed at start-up", async () => {
    await holdList(CATALOGUE_LIST);
    await expect(addPart(partSchema.parse({ partsname: "Cut short new part", image: "/parts/placeholder.svg", price: 12, quantity: 3, description: "Added while a list stays busy.", sku: "CUT-NEW-1" }))).rejects.toThrow();
    await letGo();
    const part = (await Part.findOne({ partsname: "Cut short new part" }, LISTED_FIELDS).lean<ListedPart>())!;
    expect(await missingFromCatalogue(part)).toEqual([CATALOGUE_LIST.name]);
    await completeInterruptedWrites();
    expect(await missingFromCatalogue(part)).toEqual([]);
  }, 30_000);

  it("an edited price leaves no stale key in the sorted lists or the vehicles' lists once the part is written again", async () => {
    const id = await newPart({ price: 20 });
    await addFitment(id, [corolla]);
    const before = (await listedPart(id))!;
    await holdList(sortedList("price"));
    await expect(updatePart(id, { price: 55 })).rejects.toThrow();
    await letGo();
    // The next write of the part, of another field, completes the edit's lists.
    await updatePart(id, { description: "Written again after the edit was cut short." });
    const after = (await listedPart(id))!;
    expect(await missingFromCatalogue(after)).toEqual([]);
    expect(await stillHolding(before, after)).toEqual([]);
    expect(await fittingList("2019|cutmake|cutmodel").whole()).toContainEqual(searchEntry(after));
    expect(await fittingList("2019|cutmake|cutmodel").whole()).not.toContainEqual(searchEntry(before));
  }, 30_000);

  it("a deleted part leaves no list entry, fitment or SKU claim behind once start-up completes the delete", async () => {
    const id = await newPart({ sku: "CUT-DEL-1" });
    await addFitment(id, [corolla]);
    const before = (await listedPart(id))!;
    await holdList(CATALOGUE_LIST);
    await expect(deletePart(id)).rejects.toThrow();
    await letGo();
    expect(await Part.exists({ _id: id })).toBeNull();
    await completeInterruptedWrites();
    expect(await stillHolding(before)).toEqual([]);
    expect(await holds(fittingList("2019|cutmake|cutmodel"), id)).toBe(false);
    expect(await Fitment.countDocuments({ part: before._id })).toBe(0);
    // Its SKU is free for another part.
    await expect(newPart({ sku: "CUT-DEL-1" })).resolves.toBeTruthy();
  }, 30_000);

  it("a part marked universal moves to the universal list once the part is written again", async () => {
    const id = await newPart();
    await addFitment(id, [corolla]);
    await holdList(UNIVERSAL_LIST);
    await expect(setUniversal(id, true)).rejects.toThrow();
    await letGo();
    await updatePart(id, { description: "Written again after marking it universal was cut short." });
    expect(await holds(UNIVERSAL_LIST, id)).toBe(true);
    expect(await holds(fittingList("2019|cutmake|cutmodel"), id)).toBe(false);
  }, 30_000);
});

describe("a fitment write cut short between its documents and its lists", () => {
  it("a removed model year leaves the vehicle's list once the part's fitment is written again", async () => {
    const id = await newPart();
    await addFitment(id, [{ ...corolla, yearTo: 2020 }]);
    await holdList(fittingList("2019|cutmake|cutmodel"));
    await expect(removeFitment(id, { year: 2019, make: "cutmake", model: "cutmodel" })).rejects.toThrow();
    await letGo();
    expect(await fitmentDisagreements(id, ["2019|cutmake|cutmodel"])).not.toEqual([]);
    await addFitment(id, [{ yearFrom: 2021, make: "Cutmake", model: "Cutmodel" }]);
    expect(await fitmentDisagreements(id, ["2019|cutmake|cutmodel"])).toEqual([]);
  }, 30_000);

  it("a model year stored but missing from its lists is listed by the same rows sent again", async () => {
    const id = await newPart();
    await holdList(fittingList("2018|cutmake|cutmodel"));
    await expect(addFitment(id, [{ ...corolla, yearFrom: 2018 }])).rejects.toThrow();
    await letGo();
    expect(await fitmentDisagreements(id)).not.toEqual([]);
    expect(await addFitment(id, [{ ...corolla, yearFrom: 2018 }])).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await fitmentDisagreements(id)).toEqual([]);
  }, 30_000);

  it("a model year stored but missing from its lists with no note of the write (a database from before notes) is listed again and not counted as already there", async () => {
    const id = await newPart();
    await addFitment(id, [{ ...corolla, yearFrom: 2017, engine: "1.6 L4" }]);
    const part = (await listedPart(id))!;
    await keepLists([fittingList("2017|cutmake|cutmodel").change(searchEntry(part), "remove")]);
    expect(await fitmentDisagreements(id)).not.toEqual([]);
    expect(await addFitment(id, [{ ...corolla, yearFrom: 2017, engine: "1.6 L4" }])).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    expect(await fitmentDisagreements(id)).toEqual([]);
  });
});

describe("review and account writes cut short before their lists", () => {
  const author = (email: string) => ({ email, name: "Cut Reviewer", image: "", role: "user" as const });

  it("a new review missing from the list is listed, and counted once, by the next review write", async () => {
    await holdList(reviewList);
    await expect(saveReview({ rating: 4, description: "Cut short." }, author("cut-one@example.com"))).rejects.toThrow();
    await letGo();
    const review = (await Review.findOne({ email: "cut-one@example.com" }).lean())!;
    expect(await holds(reviewList, String(review._id))).toBe(false);
    await saveReview({ rating: 2, description: "The next one." }, author("cut-two@example.com"));
    expect(await holds(reviewList, String(review._id))).toBe(true);
    expect((await readReviewTotals()).count).toBe(await Review.countDocuments());
  }, 30_000);

  it("a removed review leaves the list at start-up, and is taken off the totals once", async () => {
    const { review } = await saveReview({ rating: 5, description: "To be removed." }, author("cut-three@example.com"));
    await holdList(reviewList);
    await expect(removeReview(review._id, author("cut-three@example.com"))).rejects.toThrow();
    await letGo();
    await completeInterruptedWrites();
    expect(await holds(reviewList, review._id)).toBe(false);
    expect((await readReviewTotals()).count).toBe(await Review.countDocuments());
  }, 30_000);

  it("an account opened but missing from the accounts list is listed at start-up", async () => {
    await holdList(userList);
    await expect(registerUser({ email: "cut-account@example.com", name: "Cut Account" })).rejects.toThrow();
    await letGo();
    const user = (await User.findOne({ email: "cut-account@example.com" }).lean())!;
    expect(await holds(userList, String(user._id))).toBe(false);
    await completeInterruptedWrites();
    expect(await holds(userList, String(user._id))).toBe(true);
  }, 30_000);
});

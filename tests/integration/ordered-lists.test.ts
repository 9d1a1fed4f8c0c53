import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { fitsList, fittingList } from "@/lib/fitment/lists";
import { MODEL_YEARS_LIST } from "@/lib/fitment/menus";
import { customerList } from "@/lib/orders/order-lists";
import { searchEntry } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { encodeKey } from "@/lib/storage/ordered-index";
import { keepLists, ListsRebuild, orderedList, orderedLists } from "@/lib/storage/ordered-lists";

// The door to the ordered lists: a domain declares a list's values and reads typed entries back,
// and the keys it stores are those the lists held before the door, so a database needs no reindex.

const fresh = () => `door:${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  await connectDb();
});

describe("the ordered lists' door", () => {
  it("stores the keys the shop has always stored: numbers, texts, years newest first, the id where it is declared", () => {
    const partId = new Types.ObjectId();
    const part = { _id: partId, partsname: "Bremsscheibe Ä", price: 12.5, createdAt: new Date(1_700_000_000_000), brand: " Bosch ", category: "brakes" as const };
    expect(fittingList("2020|honda|civic").placeOf(searchEntry(part))).toBe(encodeKey(1_700_000_000_000, String(partId), 1250, "bremsscheibe a", "brakes", "bosch", "Bosch"));
    expect(fitsList(String(partId)).placeOf({ year: 2015, make: "honda", model: "civic", id: "x|2015|honda|civic" })).toBe(encodeKey(9999 - 2015, "honda", "civic", "x|2015|honda|civic"));
    expect(MODEL_YEARS_LIST.placeOf({ year: 2021, make: "vw", model: "golf", id: "2021|vw|golf" })).toBe(encodeKey(9999 - 2021, "vw", "golf", "2021|vw|golf"));
    expect(customerList("a@b.c").placeOf({ createdAt: 5, id: "o1" })).toBe(encodeKey(5, "o1"));
  });

  it("gives back the entries written, typed, in order from either end, and the ids where the id is not last", async () => {
    const list = orderedList(fresh(), { year: "year", id: "text", name: "text" });
    await keepLists([2001, 2020, 1999].map((year) => list.change({ year, id: `id${year}`, name: `name ${year}` }, "add")));
    expect((await list.page({ offset: 0, limit: 10 })).entries).toEqual([2020, 2001, 1999].map((year) => ({ year, id: `id${year}`, name: `name ${year}` })));
    expect(await list.idPage({ offset: 0, limit: 2, descending: true })).toEqual({ ids: ["id1999", "id2001"], total: 3 });
    expect(await list.wholeIds()).toEqual(["id2020", "id2001", "id1999"]);
    expect(await list.size()).toBe(3);
    expect(list.inOrder([{ year: 1999, id: "a", name: "" }, { year: 2020, id: "b", name: "" }]).map((entry) => entry.id)).toEqual(["b", "a"]);
  });

  it("keeps the counts a list declares, with every change and every rebuild", async () => {
    const list = orderedList(fresh(), { rank: "number", id: "text", colour: "text" }, { counts: (entry) => [`colour:${entry.colour}`] });
    await keepLists([list.change({ rank: 1, id: "a", colour: "red" }, "add"), list.change({ rank: 2, id: "b", colour: "red" }, "add"), list.change({ rank: 3, id: "c", colour: "blue" }, "add")]);
    expect(await list.counted()).toEqual({ total: 3, counts: { "colour:red": 2, "colour:blue": 1 } });
    const rebuild = new ListsRebuild();
    rebuild.add(list, { rank: 1, id: "a", colour: "blue" });
    await rebuild.write();
    expect(await list.counted()).toEqual({ total: 1, counts: { "colour:blue": 1 } });
  });

  it("reads a page leaving some entries out", async () => {
    const kind = orderedLists((name: string) => `door:${name}`, { rank: "number", id: "text" });
    const large = kind(fresh());
    await keepLists([1, 2, 3, 4].map((rank) => large.change({ rank, id: `p${rank}` }, "add")));
    expect(await large.pageLeavingOut({ offset: 1, limit: 2 }, [{ rank: 1, id: "p1" }])).toEqual(["p3", "p4"]);
  });

  it("rebuilds drop the stale lists a domain names, or empty them", async () => {
    const kind = orderedLists((name: string) => `door-stale:${name}`, { rank: "number", id: "text" });
    const [kept, stale] = [kind(fresh()), kind(fresh())];
    await keepLists([kept.change({ rank: 1, id: "a" }, "add"), stale.change({ rank: 1, id: "b" }, "add")]);
    const rebuild = new ListsRebuild();
    rebuild.add(kept, { rank: 2, id: "c" });
    expect(await rebuild.write({ matches: (name) => name === stale.name, then: "drop" })).toBe(1);
    expect([await kept.wholeIds(), await stale.exists()]).toEqual([["c"], false]);
  });
});

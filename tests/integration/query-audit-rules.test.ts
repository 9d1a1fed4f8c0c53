import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { keepLists, ListsRebuild, missingFromLists, orderedList } from "@/lib/storage/ordered-lists";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

beforeAll(async () => {
  await connectDb();
  startQueryRecorder();
});

afterAll(() => stopQueryRecorder());

describe("the query audit's rules", () => {
  it("catch what FerretDB runs in memory: a sort, a skip, a range, $in, $or, a regular expression, an unindexed field, a find without limit", async () => {
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ["sort", () => Part.find({}).sort({ createdAt: 1 }).limit(5).lean(), /sorts on the server/],
      ["skip", () => Part.find({}).skip(5).limit(5).lean(), /skips/],
      ["range", () => Part.countDocuments({ quantity: trusted({ $gte: 1 }) }), /quantity by \$gte/],
      ["$in", () => Part.find({ _id: trusted({ $in: [new mongoose.Types.ObjectId()] }) }).limit(1).lean(), /_id by \$in/],
      ["$or", () => Part.find({ $or: [{ partsname: "a" }, { description: "a" }] }).limit(1).lean(), /uses \$or/],
      ["regex", () => Part.find({ partsname: /brake/i }).limit(1).lean(), /regular expression/],
      ["unindexed", () => Order.find({ name: "Customer" }).limit(1).lean(), /no declared index/],
      ["no limit", () => Part.find({}).lean(), /has no limit/],
    ];
    for (const [what, run, problem] of cases) {
      const { queries } = await queriesOf(run);
      expect(problemsOf(what, queries), what).toEqual([expect.stringMatching(problem)]);
    }
  });

  it("pass equality on _id or on indexed fields, and every read and write at the ordered lists' door", async () => {
    const list = orderedList(`audit:${Math.random()}`, { rank: "number", id: "text" });
    const other = orderedList(`audit:${Math.random()}`, { rank: "number", id: "text" });
    const { queries } = await queriesOf(async () => {
      await Part.findById(new mongoose.Types.ObjectId()).lean();
      await Order.find({ partId: new mongoose.Types.ObjectId() }).limit(20).lean();
      await keepLists([list.change({ rank: 1, id: "a" }, "add"), list.change({ rank: 2, id: "b" }, "add"), other.change({ rank: 1, id: "a" }, "add")]);
      await list.page({ offset: 0, limit: 10, descending: true });
      await list.idPage({ offset: 1, limit: 10 });
      await list.whole();
      await list.size();
      await list.exists();
      await list.counted();
      await list.pageLeavingOut({ offset: 0, limit: 1 }, [{ rank: 1, id: "a" }]);
      await missingFromLists([list.change({ rank: 3, id: "c" }, "add")]);
      const rebuild = new ListsRebuild();
      rebuild.add(list, { rank: 1, id: "a" });
      await rebuild.write();
    });
    expect(queries.length).toBeGreaterThan(3);
    expect(problemsOf("equality reads", queries)).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import { removeReview, saveReview } from "@/lib/reviews/commands";
import { reindexReviews } from "@/lib/reviews/reindex";
import type { AccountView } from "@/lib/users/views";
import { Review } from "@/models/Review";

beforeAll(async () => {
  await connectDb();
});

const reviewer = (i: number): AccountView => ({ email: `r${i}@example.com`, name: `Reviewer ${i}`, image: "", role: "user" });

describe("reviews", () => {
  it("has no rating while there are no reviews", async () => {
    expect(await reviewStats()).toEqual({ count: 0, ratedCount: 0, average: null });
    expect(await listReviews({ limit: 6 })).toEqual([]);
  });

  it("lists the newest first, at most the limit, without the author's email", async () => {
    for (const [i, rating] of [5, 4, 0, 3, 2].entries()) await saveReview({ rating, description: `Review ${i}` }, reviewer(i));
    const latest = await listReviews({ limit: 3 });
    expect(latest.map((r) => r.name)).toEqual(["Reviewer 4", "Reviewer 3", "Reviewer 2"]);
    expect(latest[0]).not.toHaveProperty("email");
    expect(latest[0]).toMatchObject({ rating: 2, description: "Review 4", image: "" });
  });

  it("averages the rated reviews only (0 stars means none chosen) and counts them all", async () => {
    // (5 + 4 + 3 + 2) / 4 = 3.5
    expect(await reviewStats()).toEqual({ count: 5, ratedCount: 4, average: 3.5 });
  });

  it("keeps the totals on every write: a rewrite replaces the author's rating, a removal takes it away", async () => {
    const { created } = await saveReview({ rating: 1, description: "Changed my mind" }, reviewer(0));
    expect(created).toBe(false);
    // (1 + 4 + 3 + 2) / 4 = 2.5
    expect(await reviewStats()).toEqual({ count: 5, ratedCount: 4, average: 2.5 });
    const unrated = await Review.findOne({ email: "r2@example.com" }).lean();
    await removeReview(String(unrated?._id), { ...reviewer(9), role: "admin" });
    expect(await reviewStats()).toEqual({ count: 4, ratedCount: 4, average: 2.5 });
  });

  it("reviews imported straight into the collection are listed and counted after reindexReviews", async () => {
    const old = new Date(Date.UTC(2020, 0, 1));
    await Review.insertMany([
      { rating: 5, name: "Imported newest", email: "imported1@example.com", description: "", createdAt: new Date() },
      { rating: 5, name: "Imported oldest", email: "imported2@example.com", description: "", createdAt: old },
    ]);
    expect(await reindexReviews()).toMatch(/6 listed/);
    expect(await reviewStats()).toEqual({ count: 6, ratedCount: 6, average: 3.3 });
    const names = (await listReviews({ limit: 10 })).map((r) => r.name);
    expect(names).toHaveLength(6);
    expect(names[0]).toBe("Imported newest");
    expect(names.at(-1)).toBe("Imported oldest");
  });
});

describe("a crowd of reviewers", () => {
  it("30 accounts saving their review at once are all listed, and the totals are exact", async () => {
    const crowd = Array.from({ length: 30 }, (_, i) => reviewer(100 + i));
    const saved = await Promise.all(crowd.map((author, i) => saveReview({ rating: 1 + (i % 5), description: `Crowd ${i}` }, author)));
    expect(saved.every((s) => s.created)).toBe(true);

    const listed = await listReviews({ limit: 100 });
    expect(listed.map((r) => r.name)).toEqual(expect.arrayContaining(crowd.map((a) => a.name)));
    const rated = listed.filter((r) => r.rating >= 1);
    const mean = rated.reduce((sum, r) => sum + r.rating, 0) / rated.length;
    expect(await reviewStats()).toEqual({ count: listed.length, ratedCount: rated.length, average: Math.round(mean * 10) / 10 });
    expect(listed).toHaveLength(6 + 30);
  });
});

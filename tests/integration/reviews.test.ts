import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/db/connect";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import { removeReview, saveReview } from "@/lib/reviews/commands";
import { recountReviewTotals } from "@/lib/reviews/totals";
import type { AccountView } from "@/lib/users/accounts";
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

  it("a database with reviews written before the totals existed (or by the seed) is counted afresh", async () => {
    await Review.insertMany([{ rating: 5, name: "Old", email: "old@example.com", description: "" }]);
    expect(await recountReviewTotals()).toMatchObject({ count: 5, ratedCount: 5, ratingSum: 15 });
    expect(await reviewStats()).toEqual({ count: 5, ratedCount: 5, average: 3 });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/db";
import { listReviews, reviewStats } from "@/lib/reviews";
import { Review } from "@/models/Review";

beforeAll(async () => {
  await connectDb();
});

describe("reviews", () => {
  it("has no rating while there are no reviews", async () => {
    expect(await reviewStats()).toEqual({ count: 0, ratedCount: 0, average: null });
    expect(await listReviews({ limit: 6 })).toEqual([]);
  });

  it("lists the newest first, at most the limit, without the author's email", async () => {
    await Review.insertMany(
      [5, 4, 0, 3, 2].map((rating, i) => ({
        rating,
        name: `Reviewer ${i}`,
        email: `r${i}@example.com`,
        description: `Review ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const latest = await listReviews({ limit: 3 });
    expect(latest.map((r) => r.name)).toEqual(["Reviewer 4", "Reviewer 3", "Reviewer 2"]);
    expect(latest[0]).not.toHaveProperty("email");
    expect(latest[0]).toMatchObject({ rating: 2, description: "Review 4", image: "" });
  });

  it("averages the rated reviews only (0 stars means none chosen) and counts them all", async () => {
    // (5 + 4 + 3 + 2) / 4 = 3.5
    expect(await reviewStats()).toEqual({ count: 5, ratedCount: 4, average: 3.5 });
  });
});

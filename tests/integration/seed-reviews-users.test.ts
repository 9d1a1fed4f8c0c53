import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { vehiclePartsPage } from "@/lib/catalogue/vehicle-parts-page";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import { seedReviews } from "@/lib/seed/catalogue";
import { DEV_ADMIN_EMAIL, seedDatabase } from "@/lib/seed/seed";
import { listUsers } from "@/lib/users/queries";
import { IndexChunk, IndexDirectory } from "@/lib/storage/models/IndexChunk";
import { User } from "@/models/User";

beforeAll(async () => {
  await connectDb();
});

describe("the seed leaves the review and account lists consistent", () => {
  it("lists every review it adds, newest first, with their totals, and the admin it opens", async () => {
    await seedDatabase({ NODE_ENV: "development" });
    const reviews = await listReviews({ limit: 100, skip: 0 });
    expect(reviews.map((r) => r.name).sort()).toEqual(seedReviews.map((r) => r.name).sort());
    expect([...reviews.map((r) => r.createdAt)].sort().reverse()).toEqual(reviews.map((r) => r.createdAt));
    expect((await reviewStats()).count).toBe(seedReviews.length);
    expect(await listUsers()).toEqual([{ email: DEV_ADMIN_EMAIL, role: "admin" }]);
  });

  it("builds the lists of a database made before they existed", async () => {
    await User.insertMany([{ email: "older@example.com", createdAt: new Date(Date.UTC(2020, 0, 1)) }]);
    await Promise.all([IndexDirectory.deleteMany({}), IndexChunk.deleteMany({})]);
    await seedDatabase({ NODE_ENV: "development" });
    expect(await listReviews({ limit: 100, skip: 0 })).toHaveLength(seedReviews.length);
    expect((await listUsers()).map((u) => u.email)).toEqual(["older@example.com", DEV_ADMIN_EMAIL]);
    // The seeded fitment is there once, listed again.
    const civic = await vehiclePartsPage({ year: 2016, make: "honda", model: "civic" }, { pageSize: 100 });
    expect(civic.parts.map((part) => part.partsname)).toContain("Vented Front Brake Disc 300 mm");
    expect(new Set(civic.parts.map((part) => part._id)).size).toBe(civic.parts.length);
  });
});

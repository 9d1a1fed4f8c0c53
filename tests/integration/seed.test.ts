import { beforeAll, describe, expect, it } from "vitest";
import { listParts } from "@/lib/catalogue/queries";
import { connectDb } from "@/lib/storage/connect";
import { verifyPassword } from "@/lib/users/password";
import { seedParts } from "@/lib/seed/catalogue";
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, seedDatabase } from "@/lib/seed/seed";
import { Review } from "@/models/Review";
import { User } from "@/models/User";

beforeAll(async () => {
  await connectDb();
});

describe("seed", () => {
  it("fills an empty shop, in catalogue order, with a development admin", async () => {
    const report = await seedDatabase({ NODE_ENV: "development" });
    expect(report).toMatchObject({ partsAdded: seedParts.length, partsFitted: seedParts.length });
    const parts = await listParts();
    expect(parts.map((p) => p.partsname)).toEqual(seedParts.map((p) => p.partsname));
    expect(await Review.countDocuments()).toBeGreaterThanOrEqual(6);
    const admin = await User.findOne({ email: DEV_ADMIN_EMAIL }).select("+passwordHash").lean();
    expect(admin?.role).toBe("admin");
    expect(await verifyPassword(DEV_ADMIN_PASSWORD, admin?.passwordHash)).toBe(true);
  });

  it("adds nothing the second time", async () => {
    const report = await seedDatabase({ NODE_ENV: "development" });
    expect(report).toMatchObject({ partsAdded: 0, partsFitted: 0, reviewsAdded: 0 });
    expect(await listParts()).toHaveLength(seedParts.length);
  });

  it("creates no default admin in production and refuses the development password there", async () => {
    const report = await seedDatabase({ NODE_ENV: "production" });
    expect(report.admin).toMatch(/^none/);
    await expect(
      seedDatabase({ NODE_ENV: "production", ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: DEV_ADMIN_PASSWORD }),
    ).rejects.toThrow(/Refusing/);
    expect(await User.exists({ email: "ops@example.com" })).toBeNull();
  });
});

import { expect, test } from "@playwright/test";
import mongoose from "mongoose";
import { Part } from "../models/Part";

// Parts whose picture is broken or foreign still show the placeholder, never a broken icon.
// They are added straight to the test database and removed again, so other specs see the seed only.

const dbUri = `mongodb://127.0.0.1:${process.env.E2E_DB_PORT ?? 27127}/autoparts`;
const cases = [
  { partsname: "Test Part With Missing Picture", image: "/parts/does-not-exist.svg" },
  { partsname: "Test Part With Foreign Picture", image: "https://images.example.invalid/part.png" },
];
const ids: string[] = [];

test.beforeAll(async () => {
  await mongoose.connect(dbUri, { serverSelectionTimeoutMS: 5_000 });
  const created = await Part.insertMany(
    cases.map((c) => ({ ...c, price: 10, quantity: 0, minOrder: 1, description: "A part used by the picture tests." })),
  );
  ids.push(...created.map((p) => p._id.toString()));
});

test.afterAll(async () => {
  await Part.deleteMany({ _id: { $in: ids } });
  await mongoose.disconnect();
});

for (const [i, c] of cases.entries()) {
  test(`${c.partsname.toLowerCase()} shows the placeholder`, async ({ page }) => {
    await page.goto(`/parts/${ids[i]}`);
    const img = page.getByRole("main").getByRole("img", { name: c.partsname });
    await expect(img).toHaveAttribute("src", /\/parts\/placeholder\.svg$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // Out of stock: said in words and in the structured data, and no Purchase Now.
    await expect(page.getByRole("main")).toContainText("Out of stock");
    await expect(page.getByRole("link", { name: "Purchase Now" })).toHaveCount(0);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(json.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(json.image).toMatch(/\/parts\/placeholder\.svg$/);
  });
}

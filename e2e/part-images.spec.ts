import { expect, test, type Locator } from "@playwright/test";
import mongoose from "mongoose";
import { Part } from "../models/Part";
import { pngPicture } from "../tests/support/pictures";
import { ADMIN, clickHydrated, e2eDatabaseUri, expirePublicCache, submitSignIn } from "./support";

// Part pictures: one an admin uploads through Add A Product is shown on the part's page; one that
// is broken (missing shipped file, unreachable https link) shows the placeholder, never a broken icon.

const cases = [
  { partsname: "Test Part With Missing Picture", image: "/parts/does-not-exist.svg", structuredImage: /\/parts\/placeholder\.svg$/ },
  { partsname: "Test Part With Broken Https Picture", image: "https://images.example.invalid/part.png", structuredImage: /^https:\/\/images\.example\.invalid\/part\.png$/ },
];
/** Parts written straight into the database, so never in the catalogue's lists: removed the same way. */
const ids: string[] = [];

const drawn = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

test.beforeAll(async () => {
  await mongoose.connect(e2eDatabaseUri(), { serverSelectionTimeoutMS: 5_000 });
  const created = await Part.insertMany(
    cases.map(({ partsname, image }) => ({ partsname, image, price: 10, quantity: 0, minOrder: 1, description: "A part used by the picture tests." })),
  );
  ids.push(...created.map((p) => p._id.toString()));
});

// Other specs count the catalogue and read its first parts: leave it as it was, and tell the
// server, whose public pages are cached.
test.afterAll(async () => {
  await Part.deleteMany({ _id: { $in: ids } });
  await mongoose.disconnect();
  await expirePublicCache();
});

for (const [i, c] of cases.entries()) {
  test(`${c.partsname.toLowerCase()} shows the placeholder`, async ({ page }) => {
    await page.goto(`/parts/${ids[i]}`);
    const img = page.getByRole("main").getByRole("img", { name: c.partsname });
    await expect(img).toHaveAttribute("src", /\/parts\/placeholder\.svg$/);
    await expect.poll(() => drawn(img)).toBe(true);
    // Out of stock: said in words and in the structured data, and no Purchase Now.
    await expect(page.getByRole("main")).toContainText("Out of stock");
    await expect(page.getByRole("link", { name: "Purchase Now" })).toHaveCount(0);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(json.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(json.image).toMatch(c.structuredImage);
  });
}

test("an admin adds a product with an uploaded photo, and the part's page shows that photo", async ({ page }) => {
  const partName = `E2E Photographed Pump ${Date.now().toString(36)}`;
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await clickHydrated(page.getByRole("link", { name: "DashBoard" }));
  await clickHydrated(page.getByRole("link", { name: "Add A Product" }));
  await expect(page.getByRole("heading", { level: 1, name: "Add A Product" })).toBeVisible();

  await page.getByLabel("Part name").fill(partName);
  await page.getByLabel("Or upload a picture").setInputFiles({ name: "pump.png", mimeType: "image/png", buffer: pngPicture(120, 90, [30, 110, 200]) });
  await expect(page.getByRole("img", { name: "The uploaded picture" })).toBeVisible();
  await expect(page.getByLabel("Image URL")).toHaveValue(/^\/part-images\/[0-9a-f]{64}$/);
  const pictureUrl = await page.getByLabel("Image URL").inputValue();
  await page.getByLabel("Price").fill("75");
  await page.getByLabel("Quantity").fill("12");
  await page.getByLabel("Description").fill("A water pump photographed by the shop owner.");
  await clickHydrated(page.getByRole("button", { name: "Add product" }));
  await expect(page.getByText(`${partName} added to the catalogue.`)).toBeVisible();

  // A visitor finds it in the catalogue and opens its page: the photo is drawn there.
  await page.getByRole("link", { name: "Catalogue" }).click();
  await page.getByLabel("Search parts").fill(partName);
  await page.getByRole("button", { name: "Show parts" }).click();
  await expect.poll(() => drawn(page.getByRole("img", { name: partName }))).toBe(true);
  await page.getByRole("link", { name: partName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
  const photo = page.getByRole("main").getByRole("img", { name: partName });
  await expect(photo).toHaveAttribute("src", pictureUrl);
  await expect.poll(() => drawn(photo)).toBe(true);
  expect(await photo.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([120, 90]);

  // Removed as the shop removes a part, so it leaves the catalogue's lists too.
  const removed = await page.request.delete(new URL(page.url()).pathname.replace(/^\/parts\//, "/carparts/"), { headers: { Origin: new URL(page.url()).origin } });
  expect(removed.status()).toBe(200);
});

test("on a wide screen a part's picture sits in a frame as tall as the picture, not as the details beside it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/parts?q=disc");
  await page.getByRole("link", { name: "Vented Front Brake Disc 300 mm", exact: true }).click();
  // The part's own page, not the search result's card with the same picture.
  await expect(page.getByRole("heading", { level: 1, name: "Vented Front Brake Disc 300 mm" })).toBeVisible();
  const picture = page.getByRole("main").getByRole("img", { name: "Vented Front Brake Disc 300 mm" });
  await expect(picture).toBeVisible();
  const frame = picture.locator("xpath=..");
  const [pictureBox, frameBox] = [await picture.boundingBox(), await frame.boundingBox()];
  // The frame's 1px border on each side, and nothing more.
  expect(pictureBox!.height).toBeGreaterThan(200);
  expect(frameBox!.height - pictureBox!.height).toBeLessThanOrEqual(2);
});

import { expect, test } from "@playwright/test";

// A shopper searches the catalogue from its own search field as people type: misspelt, with words
// run short, or with nothing the shop sells; with JavaScript and without. The shop's seeded
// catalogue holds the parts searched for.

/** The catalogue page's own search field (the header may hold another). */
const catalogueSearch = (page: import("@playwright/test").Page) => page.getByRole("main").getByLabel("Search parts");

test("a misspelt search finds the part, its matched words marked in the results", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
  await catalogueSearch(page).fill("iridum spark");
  await catalogueSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/parts\?q=iridum/);
  const result = page.getByRole("link", { name: "Iridium Spark Plug", exact: true });
  await expect(result).toBeVisible();
  await expect(result.locator("mark")).toHaveText(["Iridium", "Spark"]);
});

test("a search that finds nothing offers the closest query, taken by a click", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
  await catalogueSearch(page).fill("brke disk");
  await catalogueSearch(page).press("Enter");
  await expect(page.getByRole("status")).toContainText("No parts match “brke disk”.");
  await expect(page.getByText("Did you mean")).toBeVisible();
  await page.getByRole("link", { name: "brake disc", exact: true }).click();
  await expect(page).toHaveURL(/\/parts\?q=brake\+disc/);
  await expect(page.getByRole("link", { name: "Vented Front Brake Disc 300 mm", exact: true })).toBeVisible();
  await expect(catalogueSearch(page)).toHaveValue("brake disc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the catalogue's search field submits and shows ranked, marked results", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
    await catalogueSearch(page).fill("brake pads");
    await page.getByRole("main").getByRole("button", { name: "Show parts" }).click();
    await expect(page).toHaveURL(/\/parts\?q=brake\+pads/);
    const result = page.getByRole("link", { name: "Ceramic Brake Pad Set (Front Axle)", exact: true });
    await expect(result).toBeVisible();
    await expect(result.locator("mark").first()).toHaveText("Brake");
  });
});

import { expect, test, type Page } from "@playwright/test";
import { WAYS_IN } from "./support";

// A customer narrows the catalogue by category, price and stock, widens it again, and searches
// within what is left: by clicks, on a phone and without JavaScript. The filters are in the address.

const names = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allInnerTexts();

for (const [name, options] of WAYS_IN) {
  test.describe(name, () => {
    test.use(options);

    test("narrows by category and price, searches within them, and widens again", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Browse all parts" }).click();
      const filters = page.getByRole("navigation", { name: "Filters" });
      await filters.getByRole("link", { name: /^Electrical & Charging \(\d+\)$/ }).click();
      await expect(page).toHaveURL(/\/parts\?category=electrical$/);
      await expect.poll(() => names(page)).toEqual(expect.arrayContaining(["AGM Start-Stop Battery 70 Ah", "Remanufactured Alternator 120 A", "Starter Motor 1.4 kW"]));
      expect(await names(page)).not.toContain("Spin-On Oil Filter");
      await expect(filters.getByRole("link", { name: /^Voltmark \(\d+\)$/ })).toBeVisible();

      await filters.getByRole("link", { name: /^\$100 to \$250 \(\d+\)$/ }).click();
      await expect(page).toHaveURL(/category=electrical&price=100-250/);
      await page.getByLabel("Search parts").fill("starter");
      await page.getByRole("button", { name: "Show parts" }).click();
      await expect(page).toHaveURL(/^(?=.*[?&]q=starter)(?=.*[?&]category=electrical)(?=.*[?&]price=100-250)/);
      await expect.poll(() => names(page)).toEqual(["Starter Motor 1.4 kW"]);

      await filters.getByRole("link", { name: "Remove the filter Category: Electrical & Charging" }).click();
      await expect(page).not.toHaveURL(/category=/);
      await page.getByRole("link", { name: "Clear the search" }).click();
      await expect(page).toHaveURL(/\/parts\?price=100-250$/);
      await expect.poll(() => names(page)).toEqual(expect.arrayContaining(["Timing Belt Kit with Tensioner", "Starter Motor 1.4 kW"]));
      expect(await names(page)).not.toContain("Vented Front Brake Disc 300 mm");
      await filters.getByRole("link", { name: /^In stock only \(\d+\)$/ }).click();
      await expect(page).toHaveURL(/price=100-250&stock=in/);
      await expect(page.getByRole("status")).toContainText(/^Showing 1–\d+ of \d+ parts?\.$/);
      await filters.getByRole("link", { name: "Remove the filter Price: $100 to $250" }).click();
      await expect(page).toHaveURL(/\/parts\?stock=in$/);
      await filters.getByRole("link", { name: "Remove the filter Availability: In stock only" }).click();
      await expect(page).toHaveURL(/\/parts$/);
    });

    test("a plain search puts only its words in the address, and a chosen sort its sort", async ({ page }) => {
      await page.goto("/parts");
      await page.getByLabel("Search parts").fill("brake");
      await page.getByRole("button", { name: "Show parts" }).click();
      await expect(page).toHaveURL(/\/parts\?q=brake$/);
      await expect(page.getByRole("status")).toContainText("matching “brake”");
      await page.getByLabel("Sort by").selectOption({ label: "Price, low to high" });
      await page.getByRole("button", { name: "Show parts" }).click();
      await expect(page).toHaveURL(/\/parts\?q=brake&sort=price-asc$/);
      await page.getByLabel("Sort by").selectOption({ label: "Catalogue order" });
      await page.getByRole("button", { name: "Show parts" }).click();
      await expect(page).toHaveURL(/\/parts\?q=brake$/);
    });
  });
}

test("a filter the shop does not have is ignored, and an empty result says so", async ({ page }) => {
  await page.goto("/parts?category=warp-drives&price=free");
  await expect(page.getByRole("heading", { level: 1, name: "Car parts catalogue" })).toBeVisible();
  await page.goto("/parts?brand=no-such-brand");
  await expect(page.getByRole("status")).toHaveText("No parts match these filters.");
});

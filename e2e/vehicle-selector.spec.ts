import { expect, test } from "@playwright/test";

// A customer picks their car, year, make and model, and goes on to its page of parts: by clicks
// with JavaScript (each choice moves on by itself), by the keyboard alone, and without JavaScript
// (a button moves on). Making it the car the shop filters by is e2e/my-garage.spec.ts.

test("with JavaScript: each choice draws the next list, the last one opens the car's parts", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Shop by vehicle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shop by vehicle" })).toBeVisible();
  await expect(page.getByLabel("Make")).toBeDisabled();
  await page.getByLabel("Year").selectOption("2016");
  await expect(page).toHaveURL(/year=2016/);
  await expect(page.getByLabel("Make")).toBeEnabled();
  await page.getByLabel("Make").selectOption({ label: "Honda" });
  await expect(page.getByLabel("Model")).toBeEnabled();
  await expect(page.getByLabel("Model").locator("option")).toContainText(["Choose a model", "Civic", "CR-V"].slice(0, 2));
  await page.getByLabel("Model").selectOption({ label: "Civic" });
  await page.getByRole("link", { name: "See every part for the 2016 Honda Civic" }).click();
  await expect(page).toHaveURL(/\/vehicles\/2016\/honda\/civic$/);
  await expect(page.getByRole("heading", { level: 1, name: "Parts for the 2016 Honda Civic" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Vented Front Brake Disc 300 mm", exact: true })).toBeVisible();
});

test("a choice made while the page's JavaScript is still loading is sent once it has loaded", async ({ page }) => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  // Scripts only: a held stylesheet would hold the page itself back.
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto("/vehicle", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Year").selectOption("2016");
  await expect(page).not.toHaveURL(/year=/);
  release();
  await expect(page).toHaveURL(/year=2016/);
  await expect(page.getByLabel("Make")).toBeEnabled();
});

test("by the keyboard alone, from the catalogue", async ({ page }) => {
  await page.goto("/parts");
  await page.getByRole("link", { name: "Shop by vehicle" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Shop by vehicle" })).toBeVisible();
  await page.getByLabel("Year").focus();
  await page.getByLabel("Year").selectOption("2019");
  await expect(page.getByLabel("Make")).toBeEnabled();
  await page.getByLabel("Make").focus();
  await page.getByLabel("Make").selectOption({ label: "Toyota" });
  await page.getByLabel("Model").focus();
  await page.getByLabel("Model").selectOption({ label: "RAV4" });
  await page.getByRole("link", { name: "See every part for the 2019 Toyota RAV4" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Parts for the 2019 Toyota RAV4" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a button moves on one step at a time; a changed year keeps a make it has", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Shop by vehicle" }).click();
    await page.getByLabel("Year").selectOption("2016");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Make").selectOption({ label: "Volkswagen" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Model")).toBeEnabled();
    await page.getByLabel("Year").selectOption("2018");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Make")).toHaveValue("volkswagen");
    await page.getByLabel("Model").selectOption({ label: "Golf" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("link", { name: "See every part for the 2018 Volkswagen Golf" }).click();
    await expect(page).toHaveURL(/\/vehicles\/2018\/volkswagen\/golf$/);
    await expect(page.getByRole("heading", { level: 1, name: "Parts for the 2018 Volkswagen Golf" })).toBeVisible();
  });
});

test("a stale or forged choice is ignored, never an error", async ({ page }) => {
  for (const query of ["year=1066&make=honda", "year=2016&make=%24gt&model=civic", "year=2016&year=2017", "year=2016&make=honda&model=no-such"]) {
    const reply = await page.goto(`/vehicle?${query}`);
    expect({ query, status: reply?.status() }).toEqual({ query, status: 200 });
    await expect(page.getByRole("heading", { level: 1, name: "Shop by vehicle" })).toBeVisible();
  }
});

import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support";

// A customer on any page types into the header's search box and picks from the suggestions, with
// a mouse or by keyboard only, on a phone or a desktop, on a slow network or without JavaScript.

const box = (page: Page) => page.getByRole("combobox", { name: "Search the shop" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

async function typeInBox(page: Page, text: string): Promise<void> {
  await hydrated(box(page));
  await box(page).click();
  await box(page).pressSequentially(text, { delay: 40 });
}

test("on a desktop, typing offers the category, the parts and marks what was typed; a click opens one", async ({ page }) => {
  await page.goto("/");
  await typeInBox(page, "brak");
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  const brakes = suggestions(page).getByRole("option", { name: /^Brakes\s*Category$/ });
  await expect(brakes).toBeVisible();
  await expect(brakes.locator("mark")).toHaveText("Brak");
  await expect(page.getByRole("search", { name: "Shop" }).locator('[aria-live="polite"]')).toHaveText(/^\d suggestions?: use the up and down arrows to choose\.$/);
  await suggestions(page).getByRole("option", { name: "Vented Front Brake Disc 300 mm" }).click();
  await expect(page).toHaveURL(/\/parts\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vented Front Brake Disc 300 mm");
});

test("a misspelt word and a synonym still find the part", async ({ page }) => {
  await page.goto("/parts");
  await typeInBox(page, "iridum");
  await expect(suggestions(page).getByRole("option", { name: "Iridium Spark Plug" })).toBeVisible();
  await box(page).fill("");
  await box(page).pressSequentially("rotor", { delay: 40 });
  const disc = suggestions(page).getByRole("option", { name: "Vented Front Brake Disc 300 mm" });
  await expect(disc).toBeVisible();
  await expect(disc.locator("mark").first()).toBeVisible();
});

test.describe("on a phone 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the header fits with the box; typing a model offers the vehicle, which opens its page", async ({ page }) => {
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const header = page.getByRole("banner");
    for (const control of [header.getByRole("link", { name: /^Cart/ }), header.getByText("Menu"), box(page)]) {
      await expect(control).toBeInViewport();
      const size = await control.boundingBox();
      expect(size!.x + size!.width).toBeLessThanOrEqual(375);
    }
    await hydrated(box(page));
    await box(page).tap();
    await box(page).pressSequentially("civic", { delay: 40 });
    const civic = suggestions(page).getByRole("option", { name: /^2021 Honda Civic\s*Vehicle$/ });
    await expect(civic).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await civic.tap();
    await expect(page).toHaveURL(/\/vehicles\/2021\/honda\/civic$/);
  });
});

test("by keyboard only: Tab to the box, type, ArrowDown and Enter open the part; Escape closes the list", async ({ page }) => {
  await page.goto("/");
  await hydrated(box(page));
  for (let presses = 0; presses < 12 && !(await box(page).evaluate((node) => node === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(box(page)).toBeFocused();
  await page.keyboard.type("ceramic pad", { delay: 40 });
  const option = suggestions(page).getByRole("option", { name: "Ceramic Brake Pad Set (Front Axle)" });
  await expect(option).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  const active = await box(page).getAttribute("aria-activedescendant");
  expect(active).toBeTruthy();
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(`[id="${active}"]`)).toHaveText("Ceramic Brake Pad Set (Front Axle)");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ceramic Brake Pad Set (Front Axle)");
  await expect(page).toHaveURL(/\/parts\/[0-9a-f]{24}$/);
});

test("Enter right after typing on searches what the box says, not the option chosen for the shorter text", async ({ page }) => {
  await page.goto("/");
  await typeInBox(page, "ceramic pad");
  await expect(suggestions(page).getByRole("option", { name: "Ceramic Brake Pad Set (Front Axle)" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", /.+/);
  // Faster than the box asks again: the list on screen answers "ceramic pad", not what is typed now.
  await page.keyboard.type(" set");
  await expect(box(page)).not.toHaveAttribute("aria-activedescendant", /.+/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/parts\?q=ceramic(\+|%20)pad(\+|%20)set$/);
});

test("on a slow network, a late answer to an older text never replaces the newer one's", async ({ page }) => {
  let first = true;
  await page.route("**/search/suggestions?**", async (route) => {
    if (first && new URL(route.request().url()).searchParams.get("q") === "spark") {
      first = false;
      // The first answer arrives long after the second.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    await route.fulfill({ response: await route.fetch() }).catch(() => undefined);
  });
  await page.goto("/");
  const asked = page.waitForRequest((request) => request.url().includes("q=spark"));
  await typeInBox(page, "spark");
  await asked;
  await box(page).fill("");
  await box(page).pressSequentially("filter", { delay: 40 });
  await expect(suggestions(page).getByRole("option", { name: "Spin-On Oil Filter" })).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(suggestions(page).getByRole("option", { name: "Spin-On Oil Filter" })).toBeVisible();
  await expect(suggestions(page).getByRole("option", { name: /Spark Plug/ })).toHaveCount(0);
  await expect(box(page)).toHaveValue("filter");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("typing and Enter in the header's box shows the results page", async ({ page }) => {
    await page.goto("/");
    await box(page).click();
    await box(page).pressSequentially("brake disc");
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/parts\?q=brake\+disc$/);
    await expect(page.getByRole("link", { name: "Vented Front Brake Disc 300 mm" }).first()).toBeVisible();
  });
});

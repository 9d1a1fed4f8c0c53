import { expect, test, type Locator, type Page } from "@playwright/test";
import { PHONE, hydrated } from "./support";

// A customer picks their car, year, make and model, and goes on to its parts: by clicks with
// JavaScript (each choice fills the next list in place), by the keyboard alone (a choice never
// leaves the page; the focus stays where the keyboard is), and without JavaScript (a button moves
// on, and the page it opens puts the focus on the next step). Making it the car the shop filters
// by is e2e/my-garage.spec.ts.

/** Moves through a closed list with the arrow key, as a keyboard user does, until `label` is chosen. */
async function arrowTo(page: Page, select: Locator, label: string) {
  for (let presses = 0; presses < 60; presses++) {
    if ((await select.locator("option:checked").textContent()) === label) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`${label} was never reached: the arrows left the list (a page load takes the keyboard away)`);
}

test("with JavaScript: each choice draws the next list in place, the last one offers the car", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Shop by vehicle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shop by vehicle" })).toBeVisible();
  await expect(page.getByLabel("Make")).toBeDisabled();
  await hydrated(page.getByLabel("Year"));
  await page.getByLabel("Year").selectOption("2016");
  await expect(page.getByLabel("Make")).toBeEnabled();
  await page.getByLabel("Make").selectOption({ label: "Honda" });
  await expect(page.getByLabel("Model")).toBeEnabled();
  await expect(page.getByLabel("Model").locator("option")).toContainText(["Choose a model", "Civic", "CR-V"].slice(0, 2));
  await page.getByLabel("Model").selectOption({ label: "Civic" });
  await expect(page).toHaveURL(/\/vehicle$/);
  await page.getByRole("link", { name: "See every part for the 2016 Honda Civic" }).click();
  await expect(page).toHaveURL(/\/vehicles\/2016\/honda\/civic$/);
  await expect(page.getByRole("heading", { level: 1, name: "Parts for the 2016 Honda Civic" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Vented Front Brake Disc 300 mm", exact: true })).toBeVisible();
});

test("a choice made while the page's JavaScript is still loading draws the next list once it has loaded", async ({ page }) => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  // Scripts only: a held stylesheet would hold the page itself back.
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto("/vehicle", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Year").selectOption("2016");
  release();
  await expect(page.getByLabel("Make")).toBeEnabled();
  await expect(page.getByLabel("Year")).toHaveValue("2016");
  await expect(page).toHaveURL(/\/vehicle$/);
});

for (const [way, options] of [["on a desktop", {}], ["on a phone", PHONE]] as const) {
  test.describe(way, () => {
    test.use(options);

    test("by the keyboard alone, from the catalogue: arrows choose without leaving the page, Tab goes on to the next step", async ({ page }) => {
      await page.goto("/parts");
      const year = page.getByLabel("Year");
      await hydrated(year);
      await year.focus();
      await page.keyboard.press("ArrowDown");
      await expect(year).not.toHaveValue("");
      await arrowTo(page, year, "2019");
      await expect(page).toHaveURL(/\/parts$/);
      await expect(year).toBeFocused();
      // What a screen reader hears once the next list is drawn.
      await expect(page.getByText("makes for 2019: choose a make next.")).toBeAttached();

      await expect(page.getByLabel("Make")).toBeEnabled();
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Make")).toBeFocused();
      await arrowTo(page, page.getByLabel("Make"), "Toyota");
      await expect(page.getByLabel("Model")).toBeEnabled();
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Model")).toBeFocused();
      await arrowTo(page, page.getByLabel("Model"), "RAV4");
      await expect(page).toHaveURL(/\/parts$/);
      await expect(page.getByLabel("Model")).toBeFocused();

      // Nothing was sent: the customer confirms with the button the last step offers.
      const choose = page.getByRole("form", { name: "Shop for the 2019 Toyota RAV4" });
      await expect(choose).toBeVisible();
      await choose.getByRole("button", { name: "Shop for this vehicle" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/parts$/);
      await expect(page.getByRole("region", { name: "Your vehicle" })).toContainText("Shopping for your 2019 Toyota RAV4.");
    });
  });
}

test("by the keyboard, Next confirms a step and the page it opens is at the next one", async ({ page }) => {
  await page.goto("/vehicle");
  await hydrated(page.getByLabel("Year"));
  await page.getByLabel("Year").focus();
  await arrowTo(page, page.getByLabel("Year"), "2016");
  await expect(page).toHaveURL(/\/vehicle$/);
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/vehicle\?year=2016/);
  await expect(page.getByLabel("Make")).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a button moves on one step at a time; a changed year keeps a make it has", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Shop by vehicle" }).click();
    await page.getByLabel("Year").selectOption("2016");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Make")).toBeFocused();
    await page.getByLabel("Make").selectOption({ label: "Volkswagen" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Model")).toBeEnabled();
    await expect(page.getByLabel("Model")).toBeFocused();
    await page.getByLabel("Year").selectOption("2018");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Make")).toHaveValue("volkswagen");
    await page.getByLabel("Model").selectOption({ label: "Golf" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("form", { name: "Shop for the 2018 Volkswagen Golf" }).getByLabel("Engine")).toBeFocused();
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

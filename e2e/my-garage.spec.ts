import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, WAYS_IN, signUp, submitSignIn, uniqueEmail } from "./support";

// "Does this fit my car?": a visitor picks their car once and the shop remembers it, showing only
// the parts that fit and saying of every part whether it does; a signed-in customer keeps several
// cars in My Garage and finds the active one again on another device. By clicks, on a phone, by
// keyboard and without JavaScript.

const CIVIC_20 = "2016 Honda Civic 2.0 L4";
const SPARK_PLUG = "Iridium Spark Plug"; // 2016 Civic: the 2.0 L4 only
const CLUTCH = "Clutch Kit, 3-Piece"; // 2016 Civic: the 1.5 L4 Turbo only
const AIR_FILTER = "Engine Air Filter Panel"; // no Civic at all
const WIPERS = "Flat Wiper Blade Pair 600/400 mm"; // universal

const card = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("link", { name, exact: true }) });

/** With a year already chosen: make, model, engine, and the button. */
async function chooseCivic(page: Page, engine: string | null) {
  await page.getByLabel("Make").selectOption({ label: "Honda" });
  await expect(page.getByLabel("Model")).toBeEnabled();
  await page.getByLabel("Model").selectOption({ label: "Civic" });
  const choose = page.getByRole("form", { name: "Shop for the 2016 Honda Civic" });
  if (engine) await choose.getByLabel("Engine").selectOption({ label: engine });
  await choose.getByRole("button", { name: "Shop for this vehicle" }).click();
}

// Without JavaScript it is its own journey below: the selector moves on by its buttons there.
for (const [name, options] of WAYS_IN.slice(0, 2)) {
  test.describe(name, () => {
    test.use(options);

    test("a visitor picks a car on the home page; the catalogue, a search and the pages say what fits it", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Year").selectOption("2016");
      await chooseCivic(page, "2.0 L4");

      await expect(page).toHaveURL(/\/parts$/);
      await expect(page.getByRole("region", { name: "Your vehicle" })).toContainText(`Shopping for your ${CIVIC_20}. Showing the parts that fit it.`);
      await expect(page.getByRole("status")).toContainText(`parts that fit your ${CIVIC_20}.`);
      await expect(card(page, SPARK_PLUG).getByText(`Fits your ${CIVIC_20}`)).toBeVisible();
      await expect(card(page, WIPERS).getByText(`Fits your ${CIVIC_20}`)).toBeVisible();
      await expect(card(page, CLUTCH)).toHaveCount(0);
      await expect(card(page, AIR_FILTER)).toHaveCount(0);

      // A search stays within the car: the oil filter fits it, the air filter panel does not.
      await page.getByLabel("Search parts").fill("filter");
      await page.getByRole("button", { name: "Show parts" }).click();
      await expect(page.getByRole("status")).toContainText(`matching “filter” that fit your ${CIVIC_20}`);
      await expect(card(page, "Spin-On Oil Filter")).toBeVisible();
      await expect(card(page, AIR_FILTER)).toHaveCount(0);

      await page.getByRole("link", { name: "Show all parts" }).click();
      await expect(card(page, AIR_FILTER).getByText(`Does not fit your ${CIVIC_20}`)).toBeVisible();
      await card(page, AIR_FILTER).getByRole("link", { name: AIR_FILTER, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: AIR_FILTER })).toBeVisible();
      await expect(page.getByText(`Does not fit your ${CIVIC_20}`)).toBeVisible();

      // Forgetting it brings back the plain shop.
      await page.goto("/parts");
      await page.getByRole("button", { name: "Forget this vehicle" }).click();
      await expect(page).toHaveURL(/\/parts$/);
      await expect(page.getByRole("region", { name: "Your vehicle" })).toHaveCount(0);
      await expect(page.getByText(/Fits your|Does not fit your/)).toHaveCount(0);
    });
  });
}

test("by the keyboard alone: the engine the car does not have rules a part out", async ({ page }) => {
  await page.goto("/vehicle?year=2016");
  await page.getByLabel("Make").focus();
  await page.getByLabel("Make").selectOption({ label: "Honda" });
  await page.getByLabel("Model").focus();
  await page.getByLabel("Model").selectOption({ label: "Civic" });
  const engine = page.getByRole("form", { name: "Shop for the 2016 Honda Civic" }).getByLabel("Engine");
  await engine.focus();
  await engine.selectOption({ label: "1.5 L4 Turbo" });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Shop for this vehicle" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("that fit your 2016 Honda Civic 1.5 L4 Turbo");
  await expect(card(page, CLUTCH).getByText("Fits your 2016 Honda Civic 1.5 L4 Turbo")).toBeVisible();
  await expect(card(page, SPARK_PLUG)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the selector's buttons choose the car, and the pages say what fits it", async ({ page }) => {
    await page.goto("/parts");
    await page.getByLabel("Year").selectOption("2016");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Make").selectOption({ label: "Honda" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Model").selectOption({ label: "Civic" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Shop for this vehicle" }).click();
    await expect(page.getByRole("status")).toContainText("that fit your 2016 Honda Civic.");
    // No engine chosen: a part for one engine says which.
    await expect(card(page, CLUTCH).getByText("With the 1.5 L4 Turbo engine only.")).toBeVisible();
    await page.getByRole("link", { name: SPARK_PLUG, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: SPARK_PLUG })).toBeVisible();
    await expect(page.getByText("Fits your 2016 Honda Civic")).toBeVisible();
    await expect(page.getByText("With the 2.0 L4 engine only.")).toBeVisible();
    await page.goto("/");
    await expect(card(page, "Vented Front Brake Disc 300 mm").getByText("Fits your 2016 Honda Civic")).toBeVisible();
  });
});

test("a customer keeps two cars in My Garage, switches between them, and finds the active one on another device", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Garage Owner", email });
  await page.goto("/vehicle?year=2016");
  await chooseCivic(page, null);
  await expect(page.getByRole("status")).toContainText("that fit your 2016 Honda Civic.");

  await page.getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "My Garage" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Garage" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "2016 Honda Civic" })).toContainText("Active");

  await page.getByRole("link", { name: "Add a vehicle" }).click();
  await page.getByLabel("Year").selectOption("2019");
  await page.getByLabel("Make").selectOption({ label: "Toyota" });
  await page.getByLabel("Model").selectOption({ label: "RAV4" });
  await page.getByRole("button", { name: "Shop for this vehicle" }).click();
  await expect(page.getByRole("status")).toContainText("that fit your 2019 Toyota RAV4");

  await page.getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "My Garage" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "2019 Toyota RAV4" })).toContainText("Active");
  await page.getByRole("button", { name: "Shop for this vehicle: 2016 Honda Civic" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "2016 Honda Civic" })).toContainText("Active");
  await expect(page.getByText("The shop shows the parts that fit your 2016 Honda Civic.")).toBeVisible();

  // Another device: signing in brings the active car along.
  const other = await browser.newContext({ baseURL });
  const phone = await other.newPage();
  await phone.goto("/");
  await phone.getByRole("link", { name: "Login" }).click();
  await expect(phone.getByRole("heading", { level: 1, name: /sign in/i })).toBeVisible();
  await submitSignIn(phone, email, PASSWORD);
  await expect(phone.getByRole("link", { name: "DashBoard" })).toBeVisible();
  await expect(phone.getByRole("region", { name: "Your vehicle" })).toContainText("Shopping for your 2016 Honda Civic.");
  await phone.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
  await expect(phone.getByRole("heading", { level: 1, name: "Car parts catalogue" })).toBeVisible();
  await expect(phone.getByRole("status")).toContainText("that fit your 2016 Honda Civic.");
  await other.close();

  await page.getByRole("button", { name: "Remove: 2016 Honda Civic" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "2016 Honda Civic" })).toHaveCount(0);
  await expect(page.getByText("The shop shows every part: no vehicle is active.")).toBeVisible();
  await page.goto("/parts");
  await expect(page.getByRole("region", { name: "Your vehicle" })).toHaveCount(0);
});

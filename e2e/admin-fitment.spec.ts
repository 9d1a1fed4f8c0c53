import { expect, test, type Page } from "@playwright/test";
import { ADMIN, PHONE, clickHydrated, submitSignIn } from "./support";

// An admin says what a part fits from Manage Product: adds a make and model over a range of years,
// sees a bad row refused with its reason, marks the part universal and back, and removes what they
// added; a customer choosing that car finds the part in between.

const PART = "Spin-On Oil Filter";

test("an admin manages a part's fitment; a customer's car shows the part while it fits", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Manage Product" }).first().click();
  await page.getByRole("link", { name: `Fitment of ${PART}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Fitment of ${PART}` })).toBeVisible();

  const form = page.getByRole("form", { name: "Add vehicles" });
  await form.getByLabel("Make").fill("Mazda");
  await form.getByLabel("Model").fill("MX-5");
  await form.getByLabel("To year (optional)").fill("2018");
  await clickHydrated(form.getByRole("button", { name: "Add" }));
  await expect(page.getByText(/^rows\.0\.yearFrom: /)).toBeVisible();

  await form.getByLabel("From year").fill("2016");
  await form.getByLabel("Position (optional)").selectOption("front");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("3 fitments added, 0 updated, 0 already there.")).toBeVisible();
  for (const year of [2016, 2017, 2018]) await expect(page.getByRole("link", { name: `${year} Mazda MX-5`, exact: true })).toBeVisible();

  // A customer choosing that car now finds the part.
  const customer = await browser.newPage();
  await customer.goto("/vehicle");
  await customer.getByLabel("Year").selectOption("2017");
  await customer.getByLabel("Make").selectOption({ label: "Mazda" });
  await customer.getByLabel("Model").selectOption({ label: "MX-5" });
  await customer.getByRole("button", { name: "Shop for this vehicle" }).click();
  await expect(customer.getByRole("status")).toContainText("that fit your 2017 Mazda MX-5.");
  await expect(customer.getByRole("link", { name: PART, exact: true })).toBeVisible();

  await clickHydrated(page.getByRole("button", { name: "Mark universal" }));
  await expect(page.getByText("The part fits every vehicle.")).toBeVisible();
  await expect(page.getByText(`${PART} is universal: it fits every vehicle.`)).toBeVisible();
  await page.getByRole("button", { name: "Fit listed vehicles only" }).click();
  await expect(page.getByText(`${PART} fits the vehicles listed below.`)).toBeVisible();

  for (const year of [2016, 2017, 2018]) {
    await clickHydrated(page.getByRole("button", { name: `Remove ${year} Mazda MX-5` }));
    await expect(page.getByRole("link", { name: `${year} Mazda MX-5`, exact: true })).toHaveCount(0);
  }
  await customer.reload();
  // The seeded universal wiper blades still fit it; the filter does not.
  await expect(customer.getByRole("link", { name: PART, exact: true })).toHaveCount(0);
  await expect(customer.getByRole("link", { name: "Flat Wiper Blade Pair 600/400 mm", exact: true })).toBeVisible();
  await customer.close();
});

test("an admin imports a fitment file: good rows added, each bad row listed with its line and reason", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Manage Product" }).first().click();
  await page.getByRole("link", { name: "Import fitment from a CSV file" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import fitment" })).toBeVisible();

  const file = ["part_number,make,model,year_from,year_to,engine,position,note", "ap brk 0002,Lada,Niva,2019,2020,,front,", "NOPE-123,Lada,Niva,2019,,,,", "AP-BRK-0002,Lada,Niva,2019,,,sideways,"].join("\n");
  await page.getByLabel("Fitment file (CSV)").setInputFiles({ name: "fitment.csv", mimeType: "application/vnd.ms-excel", buffer: Buffer.from(file) });
  await clickHydrated(page.getByRole("button", { name: "Import" }));
  await expect(page.getByText("1 of 3 rows added, 2 refused.")).toBeVisible();
  const refused = page.getByRole("table", { name: "Refused rows" });
  await expect(refused.getByRole("row", { name: /^3 part_number: no part has the number NOPE-123$/ })).toBeVisible();
  await expect(refused.getByRole("row", { name: /^4 position: Position must be one of/ })).toBeVisible();

  // The good row shows for the customer at once; then the admin takes it off again.
  const customer = await page.context().browser()!.newPage();
  await customer.goto("/vehicles/2020/lada/niva");
  await expect(customer.getByRole("link", { name: "Ceramic Brake Pad Set (Front Axle)", exact: true })).toBeVisible();
  await customer.close();
  for (const year of [2019, 2020]) expect((await page.request.delete(`/carparts/${await padsId(page)}/fitment/${year}/lada/niva`, { headers: { Origin: new URL(page.url()).origin } })).status()).toBe(200);
});

async function padsId(page: Page): Promise<string> {
  const parts = (await (await page.request.get("/carparts")).json()) as { _id: string; partsname: string }[];
  return parts.find((part) => part.partsname === "Ceramic Brake Pad Set (Front Axle)")!._id;
}

for (const [way, options] of [["on a desktop", {}], ["on a phone", PHONE]] as const) {
  test.describe(way, () => {
    test.use(options);

    test("the sample file on the import page is reached by Tab and scrolled by the arrows", async ({ page }) => {
      await page.goto("/signin");
      await submitSignIn(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL("/");
      await page.goto("/dashboard/manage-product/fitment-import");
      await page.getByRole("link", { name: "Back to Manage Product" }).focus();
      await page.keyboard.press("Tab");
      const sample = page.getByRole("region", { name: "Sample fitment file" });
      await expect(sample).toBeFocused();
      await expect(sample).toContainText("part_number,make,model,year_from,year_to,engine,position,note");
      // On a phone its long lines run past the screen: the arrows bring them in.
      if (way === "on a phone") {
        expect(await sample.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
        for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
        await expect.poll(() => sample.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
      }
    });
  });
}

import { expect, test } from "@playwright/test";
import { WAYS_IN } from "./support";

// A customer with a 2016 Honda Civic reads on a brake disc's page which cars it fits, follows the
// link to their car's page, finds the pads there too and goes on to them: by clicks, on a phone, and
// without JavaScript.

const DISC = "Vented Front Brake Disc 300 mm";
const PADS = "Ceramic Brake Pad Set (Front Axle)";

for (const [name, options] of WAYS_IN) {
  test.describe(name, () => {
    test.use(options);

    test("from a part's vehicles to the car's page and another part that fits it", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
      await page.getByRole("link", { name: DISC, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: DISC })).toBeVisible();

      const fits = page.getByRole("region", { name: "Fits these vehicles" });
      await expect(fits.getByRole("link", { name: "2021 Honda Civic" })).toBeVisible();
      await expect(fits.getByText("(front)").first()).toBeVisible();
      await fits.getByRole("link", { name: /^All \d+ vehicles this part fits$/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Vehicles the ${DISC} fits` })).toBeVisible();
      await page.getByRole("link", { name: "2016 Honda Civic", exact: true }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Parts for the 2016 Honda Civic" })).toBeVisible();
      await expect(page.getByText("Engines: 1.5 L4 Turbo, 2.0 L4.")).toBeVisible();
      // The seeded universal parts fit it too, after its own: said in one plain sentence.
      await expect(page.getByRole("status")).toHaveText(/^\d+ parts fit this vehicle, including (1 universal part|\d+ universal parts) \(listed last\)\.$/);
      await expect(page.getByRole("link", { name: DISC, exact: true })).toBeVisible();
      await page.getByRole("link", { name: PADS, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: PADS })).toBeVisible();
      // Its page lists its newest model years first.
      await expect(page.getByRole("region", { name: "Fits these vehicles" }).getByRole("link", { name: "2021 Honda Civic" })).toBeVisible();
    });
  });
}

test("a universal part says so, and an unknown vehicle is a 404 page", async ({ page }) => {
  await page.goto("/parts?q=wiper");
  await page.getByRole("link", { name: "Flat Wiper Blade Pair 600/400 mm", exact: true }).click();
  await expect(page.getByText("Universal part: fits every vehicle.")).toBeVisible();
  const reply = await page.goto("/vehicles/2016/honda/no-such-model");
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

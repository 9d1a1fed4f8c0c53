import { expect, test } from "@playwright/test";
import { ADMIN, clickHydrated, submitSignIn } from "./support";

// An admin gives a new part its brand, category and numbers through the dashboard; a customer with
// the old part in hand types its number as printed on it (lower case, spaces for dashes) into the
// catalogue's search, with JavaScript or without, and reaches the part.

const stamp = Date.now().toString(36).toUpperCase();
const part = { name: `E2E Numbered Caliper ${stamp}`, brand: "Calipro", mpn: `CP-${stamp}-L`, sku: `E2E-CAL-${stamp}`, gtin: "4006381333931", oem: `Z8 ${stamp} 01` };

test.describe.configure({ mode: "serial" });

test("an admin adds a part with its numbers; a bad GTIN and a SKU already used are refused with their reasons", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Add A Product" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Add A Product" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a product" });
  await form.getByLabel("Part name").fill(part.name);
  await form.getByLabel("Image URL").fill("https://example.com/caliper.png");
  await form.getByLabel("Price").fill("89.90");
  await form.getByLabel("Quantity").fill("12");
  await form.getByLabel("Description").fill("A brake caliper with every number an admin can give it.");
  await form.getByLabel("Brand").fill(part.brand);
  await form.getByLabel("Category").selectOption({ label: "Brakes" });
  await form.getByLabel("Manufacturer part number (MPN)").fill(part.mpn);
  await form.getByLabel("SKU").fill(part.sku);
  await form.getByLabel("GTIN (EAN / UPC barcode number)").fill("4006381333932");
  await form.getByLabel("OEM / interchange numbers").fill(`${part.oem}\nZ8-${stamp}-02`);
  await clickHydrated(form.getByRole("button", { name: "Add product" }));
  await expect(form.getByText("GTIN must be 8, 12, 13 or 14 digits with a valid check digit")).toBeVisible();

  await form.getByLabel("GTIN (EAN / UPC barcode number)").fill(part.gtin);
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText(`${part.name} added to the catalogue.`)).toBeVisible();
  await expect(form.getByLabel("SKU")).toHaveValue("");

  // The same SKU typed another way is the same SKU: refused, and the toast says why.
  await form.getByLabel("Part name").fill(`${part.name} twin`);
  await form.getByLabel("Image URL").fill("https://example.com/caliper.png");
  await form.getByLabel("Price").fill("89.90");
  await form.getByLabel("Quantity").fill("12");
  await form.getByLabel("Description").fill("A second caliper that wants the first one's SKU.");
  await form.getByLabel("SKU").fill(part.sku.toLowerCase().replaceAll("-", " "));
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("failed to insert")).toBeVisible();
  await expect(page.getByText(`sku: This SKU is already another part's (${part.name}).`)).toBeVisible();
});

test("a visitor types the part's number as printed on the old part and reaches its page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
  await page.getByLabel("Search parts").fill(part.mpn.toLowerCase().replaceAll("-", " "));
  await page.getByLabel("Search parts").press("Enter");
  await expect(page.getByRole("link", { name: part.name, exact: true })).toBeVisible();
  await expect(page.getByText(`${part.brand} · Part no. ${part.mpn}`)).toBeVisible();
  await page.getByRole("link", { name: part.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: part.name })).toBeVisible();
  const details = page.getByRole("region", { name: "Part details" });
  for (const text of [part.brand, "Brakes", part.mpn, part.sku, part.gtin, `${part.oem}, Z8-${stamp}-02`]) await expect(details.getByText(text, { exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form finds the part by an OEM number typed without its spaces", async ({ page }) => {
    await page.goto("/parts");
    await page.getByLabel("Search parts").fill(part.oem.replaceAll(" ", ""));
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(page).toHaveURL(/\/parts\?q=/);
    await expect(page.getByRole("link", { name: part.name, exact: true })).toBeVisible();
  });
});

test("an admin edits the part's numbers in Manage Product: the old MPN no longer finds it, the new one does", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Manage Product" }).first().click();
  // Newest parts are on the last page.
  const pages = page.getByRole("navigation", { name: "Part pages" });
  const numbered = pages.getByRole("link", { name: /^Page \d+$/ });
  if ((await numbered.count()) > 0 && (await page.getByRole("button", { name: `Edit ${part.name}`, exact: true }).count()) === 0) await numbered.last().click();
  const edit = page.getByRole("button", { name: `Edit ${part.name}`, exact: true });
  await clickHydrated(edit);
  const dialog = page.getByRole("dialog", { name: `Edit ${part.name}` });
  await expect(dialog.getByLabel("OEM / interchange numbers")).toHaveValue(`${part.oem},Z8-${stamp}-02`);
  await dialog.getByLabel("Manufacturer part number (MPN)").fill(`CP-${stamp}-R`);
  await dialog.getByLabel("Brand").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${part.name} updated.`)).toBeVisible();

  await page.goto(`/parts?q=${encodeURIComponent(part.mpn)}`);
  await expect(page.getByRole("link", { name: part.name, exact: true })).toHaveCount(0);
  await page.goto(`/parts?q=cp${stamp.toLowerCase()}r`);
  await page.getByRole("link", { name: part.name, exact: true }).click();
  await expect(page.getByRole("region", { name: "Part details" }).getByText("Brand", { exact: true })).toHaveCount(0);

  // Deleted again, so the crawler journeys see the seeded catalogue only; its SKU is free again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Manage Product" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Product" })).toBeVisible();
  if ((await numbered.count()) > 0 && (await page.getByRole("button", { name: `Delete ${part.name}`, exact: true }).count()) === 0) await numbered.last().click();
  page.once("dialog", (confirm) => void confirm.accept());
  await clickHydrated(page.getByRole("button", { name: `Delete ${part.name}`, exact: true }));
  await expect(page.getByText("Part deleted.")).toBeVisible();
  const reply = await page.request.post("/carparts", {
    data: { partsname: `${part.name} heir`, image: "https://example.com/caliper.png", price: 1, quantity: 0, description: "Takes the freed SKU.", sku: part.sku },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(reply.status()).toBe(201);
  const heir = ((await reply.json()) as { result: { _id: string } }).result._id;
  expect((await page.request.delete(`/carparts/${heir}`, { headers: { Origin: new URL(page.url()).origin } })).status()).toBe(200);
});

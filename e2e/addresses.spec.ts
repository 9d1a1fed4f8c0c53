import { expect, test, type Page } from "@playwright/test";
import { ADMIN, PASSWORD, PHONE, submitSignIn, uniqueEmail } from "./support";

// A customer keeps delivery addresses in My Profile for the checkout: adds two, makes the second
// the default, edits one and deletes one, on a desktop, on a phone and with JavaScript off (each form
// is then the browser's own post). An admin changes when standard delivery is free on the Shop
// Settings page.
const WAYS = [
  ["on a desktop", {}, false],
  ["on a phone", PHONE, false],
  ["with JavaScript off", { javaScriptEnabled: false }, true],
] as const;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const addresses = (page: Page) => page.getByRole("region", { name: "Addresses" });
const saved = (page: Page) => addresses(page).getByRole("list", { name: "Saved addresses" }).getByRole("listitem");
const card = (page: Page, text: string) => saved(page).filter({ hasText: text });

/** Signs up as the shared helper does, then waits for the home page: on a phone Sign Out is behind the Menu button. */
async function signUp(page: Page, name: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL("/");
}

/** The header's DashBoard link, behind the Menu button on a phone. */
async function openDashboard(page: Page): Promise<void> {
  const menu = page.getByText("Menu", { exact: true });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
}

async function fillAddress(page: Page, fields: { phone?: string; address?: string }): Promise<void> {
  const form = addresses(page).getByRole("form");
  if (fields.phone !== undefined) await form.getByLabel("Phone number").fill(fields.phone);
  if (fields.address !== undefined) await form.getByLabel("Address", { exact: true }).fill(fields.address);
}

for (const [way, options, javaScriptOff] of WAYS) {
  test.describe(way, () => {
    test.use(options);

    test("a customer adds two addresses, makes the second the default, edits one and deletes one", async ({ page }) => {
      const name = "Adele Dress";
      await signUp(page, name);
      await openDashboard(page);
      await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
      await expect(addresses(page)).toContainText("You have no saved address yet.");

      // The first: the profile's name is offered; it becomes the default by itself.
      const form = addresses(page).getByRole("form", { name: "Add an address" });
      await expect(form.getByLabel("Name")).toHaveValue(name);
      await expect(form.getByLabel("Make this my default address")).toHaveCount(0);
      await fillAddress(page, { phone: "555 0100", address: "1 Home Street, Springfield" });
      await form.getByRole("button", { name: "Save address" }).click();
      await expect(addresses(page).getByRole("status")).toHaveText("The address is saved.");
      await expect(saved(page)).toHaveCount(1);
      await expect(card(page, "1 Home Street").getByText("Default", { exact: true })).toBeVisible();

      // The second: refused without an address, with the purchase form's message and what was typed kept.
      await fillAddress(page, { phone: "555 0199", address: "" });
      await form.getByRole("button", { name: "Save address" }).click();
      await expect(form.getByRole("alert")).toHaveText("address  is required");
      await expect(form.getByLabel("Phone number")).toHaveValue("555 0199");
      await fillAddress(page, { address: "9 Work Road, Shelbyville" });
      await form.getByRole("button", { name: "Save address" }).click();
      await expect(saved(page)).toHaveCount(2);
      await expect(form.getByLabel("Address", { exact: true })).toHaveValue("");
      await expect(card(page, "9 Work Road").getByText("Default", { exact: true })).toHaveCount(0);

      // The second becomes the default, by the keyboard.
      const makeDefault = card(page, "9 Work Road").getByRole("button", { name: /^Make default/ });
      await makeDefault.focus();
      await page.keyboard.press("Enter");
      await expect(addresses(page).getByRole("status")).toHaveText("Your default address is changed.");
      await expect(card(page, "9 Work Road").getByText("Default", { exact: true })).toBeVisible();
      await expect(card(page, "1 Home Street").getByText("Default", { exact: true })).toHaveCount(0);

      // The first is edited: its form opens with its text, the cursor in its first box.
      await card(page, "1 Home Street").getByRole("link", { name: /^Edit/ }).click();
      const edit = addresses(page).getByRole("form", { name: "Edit the address" });
      await expect(edit.getByLabel("Address", { exact: true })).toHaveValue("1 Home Street, Springfield");
      // With JavaScript off the browser scrolls to the form and leaves the focus where it was.
      if (!javaScriptOff) await expect(edit.getByLabel("Name")).toBeFocused();
      await edit.getByLabel("Address", { exact: true }).fill("2 Home Street, Springfield");
      await edit.getByRole("button", { name: "Save address" }).click();
      await expect(addresses(page).getByRole("status")).toHaveText("The address is saved.");
      await expect(card(page, "2 Home Street")).toHaveCount(1);
      await expect(card(page, "1 Home Street")).toHaveCount(0);
      await expect(addresses(page).getByRole("form", { name: "Add an address" })).toBeVisible();

      // The default is deleted: the one left becomes the default.
      await card(page, "9 Work Road").getByRole("button", { name: /^Delete/ }).click();
      await expect(addresses(page).getByRole("status")).toHaveText("The address is deleted.");
      await expect(saved(page)).toHaveCount(1);
      await expect(card(page, "2 Home Street").getByText("Default", { exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Shop Settings" })).toHaveCount(0);
    });
  });
}

for (const [way, options] of [WAYS[0], WAYS[2]]) {
  test(`${way}: an admin changes the amount from which standard delivery is free`, async ({ browser }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await openDashboard(page);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Shop Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shop Settings" })).toBeVisible();

    const form = page.getByRole("form", { name: "Shop settings" });
    const freeFrom = form.getByLabel("Free standard delivery from a subtotal of ($)");
    const before = await freeFrom.inputValue();
    await freeFrom.fill("-5");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(form.getByRole("alert")).toHaveText("The free delivery amount must be 0 or more");

    await freeFrom.fill("80");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "saved" })).toHaveText("The shop settings are saved.");
    await expect(freeFrom).toHaveValue("80");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Profile" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Shop Settings" }).click();
    await expect(freeFrom).toHaveValue("80");

    // Put back as it was, for the journeys that check out after this one.
    await freeFrom.fill(before);
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "saved" })).toHaveText("The shop settings are saved.");
    await context.close();
  });
}

import AxeBuilder from "@axe-core/playwright";
import { expect, request as newRequest, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN, WAYS_IN, clickHydrated, hydrated, restoreSeededStock, setStock, signUp, uniqueEmail } from "./support";

// The whole way from a chosen vehicle to a placed order, by clicks: a visitor picks a car, adds a
// part from its vehicle page and two from the catalogue, goes to the checkout, signs up there and
// comes back with the cart, gives an address, chooses express delivery and a bank transfer,
// reviews, places the order, reads the payment reference on the confirmation and finds the order
// in My Orders. On a desktop, on a phone and without JavaScript.

const VEHICLE = "2016 Honda Civic";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The value beside a term of a definition list. */
const detail = (list: Locator, term: string | RegExp) => list.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

/** The first part card on the page that can be added and is not already taken; its name. Waits for the cards to be drawn. */
async function partToAdd(page: Page, taken: string[]): Promise<string> {
  const cards = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) });
  const untaken = async () => (await cards.getByRole("heading").allInnerTexts()).map((heading) => heading.trim()).find((name) => !taken.includes(name));
  await expect.poll(untaken, { message: `a part card besides ${taken.join(", ")}` }).toBeTruthy();
  return (await untaken())!;
}

/** Adds the part of a card at its form's own quantity (the minimum order); the server's message shows (on the cart page without JavaScript). */
async function addFromCard(page: Page, name: string, javaScript: boolean): Promise<void> {
  const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) }).first();
  const button = card.getByRole("button", { name: `Add to cart: ${name}` });
  if (javaScript) await clickHydrated(button);
  else await button.click();
  await expect(page.getByText(new RegExp(`Added \\d+ × ${escaped(name)} to your cart\\.`))).toBeVisible();
}

/** Year, make and model, drawn in place with JavaScript, or a Next button at each step without it. */
async function chooseVehicle(page: Page, javaScript: boolean): Promise<void> {
  if (javaScript) await hydrated(page.getByLabel("Year"));
  for (const [label, option] of [["Year", "2016"], ["Make", "Honda"], ["Model", "Civic"]] as const) {
    await expect(page.getByLabel(label)).toBeEnabled();
    await page.getByLabel(label).selectOption({ label: option });
    if (!javaScript) await page.getByRole("button", { name: "Next" }).click();
  }
}

// The orders placed here take stock of the catalogue's first parts, which the specs after this one
// compare with the seeded catalogue.
test.afterAll(restoreSeededStock);

for (const [way, options] of WAYS_IN) {
  test.describe(way, () => {
    test.use(options);

    test("a visitor with a chosen vehicle fills a cart, signs up at the checkout, pays by bank transfer and finds the order in My Orders", async ({ page, javaScriptEnabled }) => {
      // The first journey of a run meets a cold server on a shared machine.
      test.setTimeout(180_000);
      const javaScript = javaScriptEnabled !== false;
      const added: string[] = [];

      // A car, then a part from its page.
      await page.goto("/");
      await page.getByRole("link", { name: "Shop by vehicle" }).click();
      // The selector of the page arrived at, not one the page left may still show.
      await expect(page.getByRole("heading", { level: 1, name: "Shop by vehicle" })).toBeVisible();
      await chooseVehicle(page, javaScript);
      await page.getByRole("link", { name: `See every part for the ${VEHICLE}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Parts for the ${VEHICLE}` })).toBeVisible();
      added.push(await partToAdd(page, added));
      await addFromCard(page, added[0]!, javaScript);
      if (!javaScript) await page.goBack();
      await page.getByRole("form", { name: `Shop for the ${VEHICLE}` }).getByRole("button", { name: "Shop for this vehicle" }).click();
      await expect(page.getByRole("region", { name: "Your vehicle" })).toContainText(`Shopping for your ${VEHICLE}.`);

      // Two more from the catalogue, which now speaks of that car.
      for (let more = 0; more < 2; more += 1) {
        if (!javaScript && more > 0) {
          await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
          await expect(page.getByRole("heading", { level: 1, name: "Car parts catalogue" })).toBeVisible();
        }
        const name = await partToAdd(page, added);
        added.push(name);
        await addFromCard(page, name, javaScript);
      }

      // The cart, then the checkout: a visitor is asked to sign in, and signs up instead.
      if (javaScript) await mainNav(page).getByRole("link", { name: /^Cart/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      await page.getByRole("link", { name: "Checkout", exact: true }).click();
      await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fcheckout$/);
      await page.getByRole("link", { name: "Create an account" }).click();
      const email = uniqueEmail();
      await page.getByLabel("Name").fill("Checkout Driver");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("secret-pass-1");
      await page.getByRole("button", { name: "Sign up", exact: true }).click();

      // Back at the checkout with the same three parts.
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Checkout Driver");
      await page.getByLabel("Phone number", { exact: true }).fill("+1 555 0142");
      await page.getByLabel("Address", { exact: true }).fill("42 Piston Road, Springfield");
      const express = page.getByRole("group", { name: "Delivery method" }).getByRole("radio", { name: /^Express delivery/ });
      await express.check();
      await page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: /^Bank transfer/ }).check();
      await page.getByRole("button", { name: "Review order" }).click();

      // The review: exactly what will be charged.
      await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
      const rows = page.getByRole("table", { name: "The parts you are ordering" }).locator("tbody tr");
      await expect(rows).toHaveCount(3);
      for (const name of added) await expect(rows.filter({ hasText: name })).toHaveCount(1);
      const totals = page.getByLabel("Totals");
      const subtotal = dollars(await detail(totals, "Subtotal").innerText());
      const delivery = dollars(await detail(totals, /^Express delivery/).innerText());
      const total = dollars(await detail(totals, /^Total$/).innerText());
      expect(Math.round((subtotal + delivery) * 100)).toBe(Math.round(total * 100));
      await expect(page.getByText("42 Piston Road, Springfield")).toBeVisible();
      await expect(page.getByText("Bank transfer", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Place order" }).click();

      // The confirmation: the order number, the lines and what to quote on the transfer.
      await expect(page).toHaveURL(/\/checkout\/confirmation\/[0-9a-f]{24}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
      const number = (await page.getByText("Your order number is").locator("strong").innerText()).trim();
      expect(number).not.toMatch(/^[0-9a-f]{24}$/);
      const payment = page.getByRole("region", { name: "Pay by bank transfer" });
      const reference = (await detail(payment, "Payment reference").innerText()).trim();
      await expectNoAxeViolation(page, "the confirmation of a bank transfer", javaScriptEnabled);
      expect(reference.length).toBeGreaterThan(3);
      await expect(detail(payment, "IBAN")).not.toBeEmpty();
      await expect(page.getByRole("table", { name: `The parts of order ${number}` }).locator("tbody tr")).toHaveCount(3);
      expect(dollars(await detail(page.getByLabel("Totals"), /^Total$/).innerText())).toBe(total);

      // The cart is empty, and My Orders has the order under its number: its three parts, its total, an unpaid transfer.
      await expect(mainNav(page).getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart");
      await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
      await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
      await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
      const row = page.getByRole("main").getByRole("row").filter({ has: page.getByRole("rowheader", { name: number, exact: true }) });
      await expect(row).toHaveCount(1);
      for (const name of added) await expect(row.getByRole("cell").nth(1)).toContainText(name);
      expect(dollars(await row.getByRole("cell").nth(3).innerText())).toBe(total);
      await expect(row.getByRole("cell").nth(4)).toHaveText("Bank transfer, unpaid");
      // Its Payment leads to how to pay it: the same reference.
      await row.getByRole("link", { name: `Payment of order ${number}` }).click();
      await expect(page.getByTestId("payment-reference")).toHaveText(reference);
    });
  });
}

type CataloguePart = { _id: string; partsname: string; price: number; quantity: number; minOrder: number };

/** axe-core's default rules on the page as it is now: each checkout step is a page of its own to a screen reader. */
async function expectNoAxeViolation(page: Page, step: string, javaScript: boolean | undefined): Promise<void> {
  // axe runs as a script in the page: with JavaScript off the same markup was checked with it on.
  if (javaScript === false) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${step}: ${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** An admin's API session, as another admin at work elsewhere. */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await newRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await api.post("/api/auth/callback/credentials", { form: { csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" } });
  return api;
}

/** Parts of the catalogue with stock to spare. */
async function partsWithStock(page: Page, count: number): Promise<CataloguePart[]> {
  const parts = (await (await page.request.get("/carparts?limit=20")).json()) as CataloguePart[];
  return parts.filter((part) => part.quantity >= part.minOrder + 5).slice(0, count);
}

/** The signed-in customer's cart, filled through the API (what is under test here is the checkout). */
async function cartOf(page: Page, baseURL: string, parts: CataloguePart[]): Promise<void> {
  for (const part of parts) expect((await page.request.post("/cart/items", { data: { partId: part._id, quantity: part.minOrder }, headers: { origin: baseURL } })).status()).toBe(201);
}

for (const [way, options] of [WAYS_IN[0], WAYS_IN[2]]) {
  test.describe(way, () => {
    test.use(options);

    test("the default saved address comes first; a price changed after the review is shown, confirmed, then placed", async ({ page, baseURL, javaScriptEnabled }) => {
      const base = baseURL ?? "";
      await signUp(page, { name: "Saved Addresses", email: uniqueEmail() });
      for (const [name, isDefault] of [["Home Alice", false], ["Work Alice", true]] as const) {
        expect((await page.request.post("/user/addresses", { data: { name, phone: "555 0150", address: `${name} Street 1`, isDefault }, headers: { origin: base } })).status()).toBe(201);
      }
      const [part] = await partsWithStock(page, 1);
      await cartOf(page, base, [part!]);
      await page.goto("/cart");
      await page.getByRole("link", { name: "Checkout", exact: true }).click();

      await expect(page.getByRole("radio", { name: /^Work Alice/ })).toBeChecked();
      await expectNoAxeViolation(page, "the details step", javaScriptEnabled);
      await page.getByRole("radio", { name: /^Express delivery/ }).check();
      await page.getByRole("radio", { name: /^Cash on delivery/ }).check();
      await page.getByRole("button", { name: "Review order" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
      const reviewed = dollars(await detail(page.getByLabel("Totals"), /^Total$/).innerText());
      await expectNoAxeViolation(page, "the review", javaScriptEnabled);

      // Meanwhile an admin raises the price by a dollar.
      const admin = await adminApi(base);
      try {
        expect((await admin.put(`/carparts/${part!._id}`, { data: { price: part!.price + 1 } })).status()).toBe(200);
        await page.getByRole("button", { name: "Place order" }).click();
        const now = Math.round((reviewed + part!.minOrder) * 100) / 100;
        await expect(page.getByRole("main").getByRole("alert")).toContainText("Prices changed since you reviewed your order: the total is now");
        expect(dollars(await detail(page.getByLabel("Totals"), /^Total$/).innerText())).toBe(now);
        await page.getByRole("button", { name: "Place order" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
        expect(dollars(await detail(page.getByLabel("Totals"), /^Total$/).innerText())).toBe(now);
        await expect(page.getByText("Work Alice Street 1")).toBeVisible();
        await expect(page.getByRole("region", { name: "Pay by bank transfer" })).toHaveCount(0);
        await expectNoAxeViolation(page, "the confirmation", javaScriptEnabled);
      } finally {
        await admin.put(`/carparts/${part!._id}`, { data: { price: part!.price } });
        await admin.dispose();
      }
    });
  });
}

test("short stock at the moment of placing names every short line, and places nothing", async ({ page, baseURL }) => {
  const base = baseURL ?? "";
  await signUp(page, { name: "Short Stock", email: uniqueEmail() });
  const [first, second] = await partsWithStock(page, 2);
  await cartOf(page, base, [first!, second!]);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await page.getByLabel("Phone number", { exact: true }).fill("555 0160");
  await page.getByLabel("Address", { exact: true }).fill("7 Empty Shelf Lane");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  try {
    await setStock(first!._id, 0);
    await setStock(second!._id, second!.minOrder - 1);
    await page.getByRole("button", { name: "Place order" }).click();
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText(second!.minOrder - 1 > 0 ? `Only ${second!.minOrder - 1} left of ${second!.partsname}.` : `Out of stock: ${first!.partsname}, ${second!.partsname}.`);
    await expect(alert).toContainText(first!.partsname);
    await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  } finally {
    await setStock(first!._id, first!.quantity);
    await setStock(second!._id, second!.quantity);
  }
});

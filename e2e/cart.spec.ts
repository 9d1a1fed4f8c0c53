import { expect, test, type Locator, type Page } from "@playwright/test";
import { PHONE, clickHydrated, signUp, submitSignIn, uniqueEmail } from "./support";

// The cart by clicks: "Add to cart" from a part page, a vehicle page and a catalogue card, the
// header's count, the cart page's quantity and remove forms, and "Fits your …" once a vehicle is
// chosen; the same on a phone and with JavaScript off (plain form posts); by keyboard; and a
// visitor's cart merged into the account's on signing in.

const DISC = "Vented Front Brake Disc 300 mm";
const PADS = "Ceramic Brake Pad Set (Front Axle)";
const CIVIC = "2021 Honda Civic";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const cartLink = (page: Page) => mainNav(page).getByRole("link", { name: /^Cart/ });
const cartLines = (page: Page) => page.getByRole("list", { name: "Parts in your cart" }).getByRole("listitem").filter({ has: page.getByRole("heading") });
const cartLine = (page: Page, name: string) => cartLines(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

/** The header's count: none for an empty cart, "99+" past 99. */
async function expectCount(page: Page, count: number): Promise<void> {
  const shown = count > 99 ? "99+" : String(count);
  await expect(cartLink(page)).toHaveAccessibleName(count === 0 ? "Cart" : `Cart ${shown} ${count === 1 ? "item" : "items"}`);
}

/**
 * Adds a part with the form in `scope` (a card or the part page), at `quantity` or the form's own
 * default (the minimum order); the server's message shows as a toast, or on the cart page without
 * JavaScript. How many units it added.
 */
async function addToCart(page: Page, scope: Locator, name: string, javaScript: boolean, quantity?: number): Promise<number> {
  const field = scope.getByLabel(`Qty of ${name}`, { exact: true });
  if (quantity !== undefined) await field.fill(String(quantity));
  const units = Number(await field.inputValue());
  const button = scope.getByRole("button", { name: `Add to cart: ${name}` });
  if (javaScript) await clickHydrated(button);
  else await button.click();
  await expect(page.getByText(`Added ${units} × ${name} to your cart.`)).toBeVisible();
  if (!javaScript) await expect(page).toHaveURL(/\/cart$/);
  return units;
}

/** The catalogue, from the footer's link (the home page has cards too: wait for the catalogue's own). */
async function openCatalogue(page: Page): Promise<void> {
  await page.getByRole("contentinfo").getByRole("link", { name: "Catalogue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Car parts catalogue" })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Opens the cart from the header and checks its count there. */
async function openCart(page: Page, count: number): Promise<void> {
  await expectCount(page, count);
  await cartLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expectCount(page, count);
}

/** From the cart to the page of the vehicle the disc fits, by its line and the part page's fitment. */
async function civicPageFromCart(page: Page, via: string): Promise<void> {
  await cartLine(page, via).getByRole("link", { name: via, exact: true }).click();
  await page.getByRole("region", { name: "Fits these vehicles" }).getByRole("link", { name: CIVIC, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Parts for the ${CIVIC}` })).toBeVisible();
}

const WAYS = [
  ["on a desktop", {}, true],
  ["on a phone", { ...PHONE, viewport: { width: 375, height: 812 } }, true],
  ["without JavaScript", { javaScriptEnabled: false }, false],
] as const;

for (const [way, options, javaScript] of WAYS) {
  test.describe(way, () => {
    test.use(options);

    test("a visitor adds parts from a part page, a vehicle page and a card, then changes a quantity and removes a line", async ({ page }) => {
      await page.goto("/");
      await expectCount(page, 0);
      await openCatalogue(page);
      await page.getByRole("link", { name: DISC, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: DISC })).toBeVisible();
      let count = await addToCart(page, page.getByRole("main"), DISC, javaScript);
      await expectCount(page, count);
      if (javaScript) await openCart(page, count);
      await expect(cartLines(page)).toHaveCount(1);

      // A vehicle page's card.
      await civicPageFromCart(page, DISC);
      count += await addToCart(page, card(page, PADS), PADS, javaScript);
      await expectCount(page, count);
      if (javaScript) await openCart(page, count);
      await expect(cartLines(page)).toHaveCount(2);

      // Shop for the Civic: the catalogue shows what fits it; a catalogue card adds a third part.
      await civicPageFromCart(page, PADS);
      await page.getByRole("button", { name: "Shop for this vehicle" }).click();
      await expect(page).toHaveURL(/\/parts/);
      const third = page.getByRole("article").filter({ hasText: `Fits your ${CIVIC}` }).filter({ hasNotText: "Fits every vehicle" }).filter({ hasNot: page.getByRole("heading", { name: DISC, exact: true }) }).filter({ hasNot: page.getByRole("heading", { name: PADS, exact: true }) }).first();
      const thirdName = (await third.getByRole("heading").innerText()).trim();
      count += await addToCart(page, third, thirdName, javaScript);
      if (javaScript) await openCart(page, count);
      else await expectCount(page, count);
      await expect(cartLines(page)).toHaveCount(3);
      for (const name of [DISC, PADS, thirdName]) await expect(cartLine(page, name).getByText(`Fits your ${CIVIC}`)).toBeVisible();
      const subtotal = page.locator("[data-cart-subtotal]");
      const before = dollars(await subtotal.innerText());

      // One more disc: its line total and the subtotal follow, and so does the header.
      const disc = cartLine(page, DISC);
      const unitPrice = dollars(await disc.getByText(/per unit$/).innerText());
      const discQuantity = disc.getByLabel(`Quantity of ${DISC}`, { exact: true });
      const discUnits = Number(await discQuantity.inputValue());
      await discQuantity.fill(String(discUnits + 1));
      await disc.getByRole("button", { name: `Update the quantity of ${DISC}` }).click();
      await expect(page.getByText(`Your cart holds ${discUnits + 1} of ${DISC}.`)).toBeVisible();
      count += 1;
      await expectCount(page, count);
      await expect(discQuantity).toHaveValue(String(discUnits + 1));
      await expect(disc.locator("p").filter({ hasText: `Line total for ${DISC}:` })).toContainText(`$${(unitPrice * (discUnits + 1)).toFixed(2).replace(/\.00$/, "")}`);
      await expect.poll(async () => dollars(await subtotal.innerText())).toBeCloseTo(before + unitPrice, 2);

      // Remove the pads.
      const padUnits = Number(await cartLine(page, PADS).getByLabel(`Quantity of ${PADS}`, { exact: true }).inputValue());
      await cartLine(page, PADS).getByRole("button", { name: `Remove ${PADS} from your cart` }).click();
      await expect(page.getByText(`Removed ${PADS} from your cart.`)).toBeVisible();
      await expect(cartLines(page)).toHaveCount(2);
      await expect(cartLine(page, PADS)).toHaveCount(0);
      count -= padUnits;
      await expectCount(page, count);

      // The count travels with the browser to the cached pages, with or without JavaScript.
      // On a phone the Blog link is behind the Menu; the cart link never is.
      const menu = mainNav(page).getByText("Menu", { exact: true });
      if (await menu.isVisible()) await menu.click();
      await mainNav(page).getByRole("link", { name: "Blog" }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expectCount(page, count);
      await expect(page.getByRole("link", { name: "Checkout" })).toHaveCount(0);
      await cartLink(page).click();
      await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    });
  });
}

test("by keyboard: add from a part page, then change the quantity on the cart page", async ({ page }) => {
  await page.goto("/");
  await openCatalogue(page);
  await page.getByRole("link", { name: DISC, exact: true }).click();
  const main = page.getByRole("main");
  const quantity = main.getByLabel(`Qty of ${DISC}`, { exact: true });
  await clickHydrated(main.getByRole("heading", { level: 1, name: DISC }));
  const units = Number(await quantity.inputValue()) + 1;
  await quantity.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(String(units));
  await page.keyboard.press("Tab");
  await expect(main.getByRole("button", { name: `Add to cart: ${DISC}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Added ${units} × ${DISC} to your cart.`)).toBeVisible();
  await expectCount(page, units);

  await cartLink(page).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  const line = cartLine(page, DISC).getByLabel(`Quantity of ${DISC}`, { exact: true });
  await line.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(String(units + 2));
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Your cart holds ${units + 2} of ${DISC}.`)).toBeVisible();
  await expectCount(page, units + 2);
});

test("a visitor's cart is merged into the account's on signing in, and the customer is told what was clamped", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Cart Merger", email });
  await page.goto("/");
  await openCatalogue(page);
  // The account's cart holds the most of the disc one order may take.
  const disc = card(page, DISC);
  const most = Number(await disc.getByLabel(`Qty of ${DISC}`, { exact: true }).getAttribute("max"));
  await addToCart(page, disc, DISC, true, most);
  await expectCount(page, most);
  await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();

  // As a visitor, the disc again and the pads.
  await openCatalogue(page);
  const discs = await addToCart(page, card(page, DISC), DISC, true);
  const pads = await addToCart(page, card(page, PADS), PADS, true);
  await expectCount(page, discs + pads);

  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await submitSignIn(page, email, "secret-pass-1");
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await openCart(page, most + pads);
  const merged = page.getByRole("region", { name: "Your cart from before you signed in was added to this one" });
  await expect(merged).toContainText(DISC);
  await expect(cartLines(page)).toHaveCount(2);
  await expect(cartLine(page, DISC).getByLabel(`Quantity of ${DISC}`, { exact: true })).toHaveValue(String(most));
  await expect(cartLine(page, PADS).getByLabel(`Quantity of ${PADS}`, { exact: true })).toHaveValue(String(pads));
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { PASSWORD, WAYS_IN, clickHydrated, signUp, submitSignIn, uniqueEmail } from "./support";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** A customer who has an account but is signed out. */
async function signedOutCustomer(page: Page): Promise<string> {
  const email = uniqueEmail();
  await signUp(page, { name: "Returning Buyer", email });
  await page.context().clearCookies();
  return email;
}

/** Signs in on the sign-in page reached by a click, and checks the visit ends signed in on `path`. */
async function signInAndLandOn(page: Page, email: string, path: string | RegExp): Promise<void> {
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("status", { name: "Signing you in…" })).toHaveCount(0);
  await expect(mainNav(page).getByRole("link", { name: "DashBoard", exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
}

/**
 * Clicks Purchase Now while signed out (a client-side navigation the guard turns into sign-in), signs
 * in, and checks the purchase page opens, replacing the sign-in page: Back goes to `cameFrom`.
 */
async function purchaseThroughSignIn(page: Page, email: string, purchaseNow: Locator, partName: string, cameFrom: string): Promise<void> {
  const purchasePath = (await purchaseNow.getAttribute("href")) ?? "";
  await clickHydrated(purchaseNow);
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(purchasePath)}`);
  await signInAndLandOn(page, email, purchasePath);
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(cameFrom);
}

test("clicking Purchase Now on the home page while signed out, then signing in, opens the purchase page", async ({ page }) => {
  const email = await signedOutCustomer(page);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
  const partName = (await card.getByRole("heading").innerText()).trim();
  await purchaseThroughSignIn(page, email, card.getByRole("link", { name: /^Purchase Now/ }), partName, "/");
});

/** Clicks the catalogue's second part, as a customer does; its name. */
async function openSecondPartFromCatalogue(page: Page): Promise<string> {
  await page.goto("/parts");
  const card = page.getByRole("article").nth(1);
  const partName = (await card.getByRole("heading").innerText()).trim();
  await clickHydrated(card.getByRole("link", { name: partName, exact: true }));
  return partName;
}

test("clicking Purchase Now on a part page while signed out, then signing in, opens the purchase page", async ({ page }) => {
  const email = await signedOutCustomer(page);
  const partName = await openSecondPartFromCatalogue(page);
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
  const partPath = new URL(page.url()).pathname;
  await purchaseThroughSignIn(page, email, page.getByRole("main").getByRole("link", { name: /^Purchase Now/ }), partName, partPath);
});

test("clicking the header's Login link, then signing in, returns to the page it was clicked on", async ({ page }) => {
  const email = await signedOutCustomer(page);
  await page.goto("/blog");
  await clickHydrated(mainNav(page).getByRole("link", { name: "Login" }));
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fblog");

  await signInAndLandOn(page, email, "/blog");
  await page.goBack();
  await expect(page).toHaveURL("/blog");
  await expect(page).not.toHaveURL(/\/signin/);
});

for (const [way, options] of WAYS_IN) {
  test.describe(way, () => {
    test.use(options);

    test("a visitor who clicks Purchase Now and creates an account there lands on the purchase page", async ({ page }) => {
      await page.goto("/");
      const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
      const partName = (await card.getByRole("heading").innerText()).trim();
      const purchaseNow = card.getByRole("link", { name: /^Purchase Now/ });
      const purchasePath = (await purchaseNow.getAttribute("href")) ?? "";
      await purchaseNow.click();
      await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(purchasePath)}`);
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Sign up" })).toBeVisible();
      await page.getByLabel("Name").fill("New Buyer");
      await page.getByLabel("Email").fill(uniqueEmail());
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page).toHaveURL(purchasePath);
      await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
      await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
    });
  });
}

test("a visitor who changes their mind on the sign-up page and signs in instead still goes where they were going", async ({ page }) => {
  const email = await signedOutCustomer(page);
  await page.goto("/signin?callbackUrl=%2Fblog");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign up" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await signInAndLandOn(page, email, "/blog");
});

test("a plain sign-up still ends on the home page, and an off-site address carried to it is ignored", async ({ page }) => {
  for (const start of ["/signup", "/signup?callbackUrl=https%3A%2F%2Fevil.example%2F"]) {
    await page.context().clearCookies();
    await page.goto(start);
    await page.getByLabel("Name").fill("Plain Signup");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  }
});

test("clicking a part on /parts and then Login at once, then signing in, returns to that part", async ({ page }) => {
  const email = await signedOutCustomer(page);
  const partName = await openSecondPartFromCatalogue(page);
  await page.waitForURL(/\/parts\/[0-9a-f]{24}$/);
  const partPath = new URL(page.url()).pathname;
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(partPath)}`);

  await signInAndLandOn(page, email, partPath);
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
});

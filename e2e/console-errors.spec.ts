import { expect, test, type Page } from "@playwright/test";
import { ADMIN, clickHydrated, firstPartPath, signUp, submitSignIn, uniqueEmail } from "./support";

// Every page loads with no console error and no uncaught page error, for each role.
// A hydration mismatch (React #418), a failed script or an exception thrown in the browser all
// end up in one of the two.

const NOT_FOUND_PATH = "/no-such-page";

/**
 * The one message allowed: Chromium logs a failed load for any document answered with an error
 * status, and the not-found page is answered with 404 on purpose. Only the message for that very
 * document is allowed; a 404 for a script, a picture or any other address still fails the test.
 */
function isExpectedNotFound(text: string, url: string, pageUrl: string): boolean {
  return new URL(pageUrl).pathname === NOT_FOUND_PATH && url === pageUrl && /status of 404 \(Not Found\)/.test(text);
}

/** Visits each path as it is, waits for the page to settle, and returns every error it logged. */
async function errorsWhileVisiting(page: Page, paths: string[]): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: import("@playwright/test").ConsoleMessage) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    if (!isExpectedNotFound(message.text(), url, page.url())) errors.push(`${page.url()}: console: ${message.text()} (${url})`);
  };
  const onPageError = (error: Error) => errors.push(`${page.url()}: page error: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  try {
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("main")).toBeVisible();
    }
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
  }
  return errors;
}

/** The pages everyone may open: SPEC 2's public routes and the shop's own. */
async function publicPaths(page: Page): Promise<string[]> {
  const part = await firstPartPath(page);
  const partPage = part.path.replace("/purchase/", "/parts/");
  return ["/", "/parts", "/parts?sort=price-desc&page=2", "/parts?q=brake", partPage, "/customer-reviews", "/blog", "/portfolio", "/signin", "/signup", NOT_FOUND_PATH];
}

test("a visitor's pages, and the pages that send a visitor to sign in, log no error", async ({ page }) => {
  const part = await firstPartPath(page);
  const paths = [...(await publicPaths(page)), part.path, "/dashboard", "/dashboard/my-orders", "/dashboard/manage-orders"];
  expect(await errorsWhileVisiting(page, paths)).toEqual([]);
});

/**
 * The order page of the first part on the catalogue's second page: past the home page's first 3,
 * so an order this spec places leaves the stock the home page shows alone.
 */
async function purchasePathBeyondHome(page: Page): Promise<string> {
  await page.goto("/parts?page=2");
  const path = await page.getByRole("main").getByRole("article").first().getByRole("link", { name: "Purchase Now" }).getAttribute("href");
  if (!path) throw new Error("no Purchase Now link on the catalogue's second page");
  return path;
}

test("a customer's pages log no error", async ({ page }) => {
  await signUp(page, { name: "Quiet Console", email: uniqueEmail() });
  const orderPath = await purchasePathBeyondHome(page);
  // An order, so My Orders and the admin's Manage All Orders have a row with a date and a price.
  await page.goto(orderPath);
  await page.getByLabel("Address").fill("1 Console Road");
  await page.getByLabel("Phone Number").fill("555 0199");
  await clickHydrated(page.getByRole("button", { name: "Place order" }));
  await expect(page.getByText(/^Order placed/)).toBeVisible();
  const paths = [...(await publicPaths(page)), orderPath, "/dashboard", "/dashboard/my-orders", "/dashboard/my-profile", "/dashboard/add-review"];
  expect(await errorsWhileVisiting(page, paths)).toEqual([]);

  // Delete the order, which puts its stock back, so the shared data is as the spec found it.
  await page.goto("/dashboard/my-orders");
  const row = page.locator("tbody tr").filter({ hasText: orderPath.split("/").pop() ?? "" });
  await expect(row).toHaveCount(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await clickHydrated(row.getByRole("button", { name: /Delete/ }));
  await expect(row).toHaveCount(0);
});

test("an admin's pages log no error", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  const part = await firstPartPath(page);
  const admin = ["/dashboard/manage-orders", "/dashboard/manage-orders?status=placed", "/dashboard/manage-product", "/dashboard/add-product", "/dashboard/make-admin"];
  const paths = [...(await publicPaths(page)), part.path, "/dashboard", "/dashboard/my-profile", "/dashboard/my-orders", "/dashboard/add-review", ...admin];
  expect(await errorsWhileVisiting(page, paths)).toEqual([]);
});

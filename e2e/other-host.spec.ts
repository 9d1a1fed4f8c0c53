import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, clickHydrated, deleteReviewsBy, uniqueEmail } from "./support";

/**
 * The shop as reached by its other local name: localhost when the tests' base URL (and so
 * NEXTAUTH_URL) is 127.0.0.1, and the other way round. A visitor may use either; nothing they do
 * may be refused as cross-site, and no redirect may move them to the configured host, where their
 * cookies are not.
 */
function otherHost(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? "http://127.0.0.1:3100");
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.origin;
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a customer at the other host name signs up, orders, edits the profile, reviews, signs out and in again, all on that host", async ({ page, baseURL }) => {
  const shop = otherHost(baseURL);
  const email = uniqueEmail();
  const name = `Other Host ${Date.now()}`;

  await page.goto(`${shop}/`);
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`${shop}/signin`);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(`${shop}/signup`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page).toHaveURL(`${shop}/`);

  // An order: the server's own success message, not 'failed to insert … Cross-site request refused'.
  const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
  const partName = (await card.getByRole("heading").innerText()).trim();
  await card.getByRole("link", { name: "Purchase Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop}/purchase/[0-9a-f]{24}$`));
  await page.getByLabel("Address").fill("3 Other Host Road");
  await page.getByLabel("Phone Number").fill("555 0123");
  await clickHydrated(page.getByRole("button", { name: "Place order" }));
  await expect(page.getByText(new RegExp(`^Order placed: \\d+ × ${partName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))).toBeVisible();

  // The profile.
  await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
  await expect(page).toHaveURL(`${shop}/dashboard/my-profile`);
  await clickHydrated(page.getByRole("button", { name: "Update profile" }));
  await page.getByLabel("Location").fill("Hostville");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("successfuly updated")).toBeVisible();
  await expect(page.getByRole("main").locator("dl").locator("dt", { hasText: "Location" }).locator("xpath=following-sibling::dd[1]")).toHaveText("Hostville");

  // A review.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Review" }).click();
  await expect(page).toHaveURL(`${shop}/dashboard/add-review`);
  const stars = page.getByRole("radiogroup", { name: "Rating" });
  await clickHydrated(stars.locator("label").filter({ has: page.getByRole("radio", { name: "5 stars" }) }));
  await page.getByLabel("Your review").fill(`Ordered from the other host name (${email}).`);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Thank you for your review.")).toBeVisible();

  // Sign Out stays on this host, signed out.
  await clickHydrated(mainNav(page).getByRole("button", { name: "Sign Out" }));
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page).toHaveURL(`${shop}/`);

  // Signing in again, from the header's Login, comes back on this host too.
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`${shop}/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page).toHaveURL(`${shop}/`);

  // Deleting the order works on this host too, and puts its stock back for the public-page tests.
  await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(`${shop}/dashboard/my-orders`);
  const order = page.locator("tbody tr").filter({ hasText: partName });
  await expect(order).toHaveCount(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await clickHydrated(order.getByRole("button", { name: /Delete/ }));
  await expect(order).toHaveCount(0);

  // Leave the seeded reviews as the public-page tests expect them.
  await deleteReviewsBy(email);
});

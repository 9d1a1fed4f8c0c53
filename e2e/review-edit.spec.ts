import { expect, test, type Page } from "@playwright/test";
import { ADMIN, clickHydrated, signUp, submitSignIn, uniqueEmail } from "./support";

// One review per account: the customer finds their review on Add Review, changes it, and the home
// page shows the new one in place of the old (never both); an admin removes it from Manage Reviews.

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const homeReviews = (page: Page) => page.getByRole("region", { name: "What our customers say" });

test("a customer edits their one review, and an admin removes it", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Reviewer ${Date.now()}`;
  const email = uniqueEmail();
  const first = `Slow delivery, but the pads fit (${email}).`;
  const second = `Support sorted it out: five stars (${email}).`;
  await signUp(page, { name, email });

  await page.getByRole("link", { name: "DashBoard" }).click();
  await dashboardMenu(page).getByRole("link", { name: "Add Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
  const stars = page.getByRole("radiogroup", { name: "Rating" });
  // A person clicks the star drawn over the radio: its label.
  const star = (count: number) => stars.locator("label").filter({ has: page.getByRole("radio", { name: `${count} stars` }) });
  await clickHydrated(star(2));
  await page.getByLabel("Your review").fill(first);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Thank you for your review.")).toBeVisible();

  // The page now shows that review, ready to change.
  await expect(page.getByText(/This is your review of/)).toBeVisible();
  await expect(stars.getByRole("radio", { name: "2 stars" })).toBeChecked();
  await expect(page.getByLabel("Your review")).toHaveValue(first);
  await clickHydrated(star(5));
  await page.getByLabel("Your review").fill(second);
  await page.getByRole("button", { name: "Update review" }).click();
  await expect(page.getByText("Your review was updated.")).toBeVisible();

  // Coming back to the page shows the changed review.
  await dashboardMenu(page).getByRole("link", { name: "My Profile" }).click();
  await dashboardMenu(page).getByRole("link", { name: "Add Review" }).click();
  await expect(page.getByLabel("Your review")).toHaveValue(second);
  await expect(stars.getByRole("radio", { name: "5 stars" })).toBeChecked();

  // The home page shows the new review once, and the old one no more.
  await page.getByRole("link", { name: "Home" }).first().click();
  const mine = homeReviews(page).getByRole("article").filter({ hasText: email });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(second);
  await expect(mine.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

  // An admin removes it from Manage Reviews (beyond SPEC 2's menu).
  await clickHydrated(page.getByRole("button", { name: "Sign Out" }));
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await page.getByRole("link", { name: "DashBoard" }).click();
  await dashboardMenu(page).getByRole("link", { name: "Manage Reviews" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Reviews" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: second });
  await expect(row).toHaveCount(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await clickHydrated(row.getByRole("button", { name: `Remove the review by ${name}` }));
  await expect(page.getByText("Review removed.")).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole("link", { name: "Home" }).first().click();
  await expect(homeReviews(page)).toBeVisible();
  await expect(homeReviews(page).getByRole("article").filter({ hasText: email })).toHaveCount(0);
});

import { expect, test, type Page } from "@playwright/test";
import { ADMIN, signUp, submitSignIn, uniqueEmail } from "./support";

// Issue 9: the Content-Security-Policy must not break the shop. Every page is visited with a
// listener for CSP violations (the DOM event and the console message Chromium prints).
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("public pages run under the CSP without a single violation, and stay interactive", async ({ page }) => {
  const violations = watchViolations(page);
  for (const path of ["/", "/parts", "/blog", "/portfolio", "/signin", "/signup", "/no-such-page"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Client navigation and a client component work (scripts loaded through the nonce + strict-dynamic).
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Email is Required")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(violations).toEqual([]);
});

test("signed-in pages (dashboard, admin forms, purchase) run under the CSP without violations", async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  for (const path of ["/dashboard", "/dashboard/add-product", "/dashboard/make-admin", "/dashboard/manage-orders", "/dashboard/manage-product"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await page.goto("/parts");
  await page.getByRole("link", { name: /purchase/i }).first().click();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a customer's pages (purchase, My Orders, My Profile, Add Review) run under the CSP without violations", async ({ page }) => {
  const violations = watchViolations(page);
  await signUp(page, { name: "Csp Customer", email: uniqueEmail() });
  await page.goto("/parts");
  await page.getByRole("link", { name: /purchase/i }).first().click();
  await page.waitForLoadState("networkidle");
  for (const path of ["/dashboard/my-orders", "/dashboard/my-profile", "/dashboard/add-review"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

import { expect, test } from "@playwright/test";
import { ADMIN, PASSWORD, firstPartPath, sessionOf, setRole, signUp, submitSignIn, uniqueEmail } from "./support";

const ADMIN_MENU = ["Manage All Orders", "Add A Product", "Make Admin", "Manage Product", "Manage Reviews"];
const USER_MENU = ["My Orders", "Add Review"];

test("a signed-out visit to a purchase page goes to /signin and, after signing in, back to that page", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Buyer", email });
  await page.context().clearCookies();
  const part = await firstPartPath(page);

  await page.goto(part.path);
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(part.path)}`);
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(part.path);
  await expect(page.getByRole("heading", { level: 1, name: part.name })).toBeVisible();
});

test("an unknown part's purchase page is not found", async ({ page }) => {
  await signUp(page, { name: "Lost", email: uniqueEmail() });
  await page.goto("/purchase/0123456789abcdef01234567");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a signed-out visit to the dashboard goes to /signin, remembering it", async ({ page }) => {
  await page.goto("/dashboard/my-orders");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmy-orders");
});

test("a plain user sees their menu, and visiting an admin page signs them out onto /signin", async ({ page }) => {
  await signUp(page, { name: "Plain User", email: uniqueEmail() });
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard/my-profile");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  for (const name of ["My Profile", ...USER_MENU]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of ADMIN_MENU) await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);

  await page.goto("/dashboard/make-admin");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmake-admin");
  expect((await sessionOf(page)).user).toBeUndefined();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
});

test("the admin signs in and reaches Make Admin, with the admin menu", async ({ page }) => {
  await page.goto("/dashboard/make-admin");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmake-admin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL("/dashboard/make-admin");
  await expect(page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  for (const name of ["My Profile", ...ADMIN_MENU]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of USER_MENU) await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);
  for (const path of ["/dashboard/add-product", "/dashboard/manage-orders", "/dashboard/manage-product"]) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
  }
});

test("a promotion shows the admin menu on the next page load, and a demotion takes admin away and ends the session", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Soon Admin", email });
  await page.goto("/dashboard/my-profile");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();

  await setRole(email, "admin");
  await page.reload();
  for (const name of ADMIN_MENU) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Orders" })).toHaveCount(0);
  await page.goto("/dashboard/make-admin");
  await expect(page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();

  // The token still says admin; the database no longer does.
  await setRole(email, "user");
  await page.goto("/dashboard/add-product");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fadd-product");
  expect((await sessionOf(page)).user).toBeUndefined();
});

test("a link from another site to the sign-out redirect cannot sign anyone out", async ({ page, baseURL }) => {
  await signUp(page, { name: "Target", email: uniqueEmail() });
  const response = await page.request.get(`${baseURL}/signout-redirect?callbackUrl=%2Fdashboard%2Fmake-admin`, {
    headers: { "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toContain("/signin?callbackUrl=%2Fdashboard%2Fmake-admin");
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect((await sessionOf(page)).user).toBeDefined();
});

test("a link on another site to an admin page sends a customer to sign in without signing them out", async ({ page, baseURL }) => {
  await signUp(page, { name: "Linked From Afar", email: uniqueEmail() });
  // A page of another site (an opaque data: origin) with a link to the admin page.
  await page.goto(`data:text/html,<a href="${baseURL}/dashboard/make-admin">See this admin page</a>`);
  await page.getByRole("link", { name: "See this admin page" }).click();
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmake-admin");
  expect((await sessionOf(page)).user).toBeDefined();
});

test("the sign-out redirect the admin pages use signs the visitor out and sends them to sign in, origin remembered", async ({ page }) => {
  await signUp(page, { name: "Page Guarded", email: uniqueEmail() });
  await page.goto("/signout-redirect?callbackUrl=%2Fdashboard%2Fmanage-product");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmanage-product");
  expect((await sessionOf(page)).user).toBeUndefined();
});

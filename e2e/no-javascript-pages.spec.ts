import { expect, test, type Page } from "@playwright/test";
import { ADMIN, PASSWORD, hydrated, uniqueEmail } from "./support";

// With JavaScript off, the pages behind sign-in show their content where the page has it: the
// dashboard's pages and the purchase page render whole on the server, not behind a spinner that
// only a script would replace. With JavaScript, the links to them still show progress.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const main = (page: Page) => page.getByRole("main");

/** From the home page: Login, then the sign-in form, by clicking. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/");
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/** A new customer's account, signed out again. */
async function newCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail();
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  return email;
}

/** Follows a dashboard menu link and checks the page's own heading is in the visible page, with no spinner left. */
async function openFromMenu(page: Page, name: string, path: string): Promise<void> {
  await dashboardMenu(page).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(main(page).getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer opens My Profile, My Orders and My Garage from the dashboard menu and sees each page's content", async ({ page }) => {
    const email = await newCustomer(page, "Plain Reader");
    await signIn(page, email, PASSWORD);
    await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();
    await expect(page.getByRole("region", { name: "Addresses" })).toContainText("You have no saved address yet.");

    await openFromMenu(page, "My Orders", "/dashboard/my-orders");
    await expect(main(page).getByText("You have no orders yet.")).toBeVisible();

    await openFromMenu(page, "My Garage", "/dashboard/my-garage");
    await expect(main(page).getByText("Your garage is empty.")).toBeVisible();

    await openFromMenu(page, "My Profile", "/dashboard/my-profile");
    await expect(main(page).getByText(email)).toBeVisible();
  });

  test("on a phone the dashboard menu is shown, with no button to open it, and My Orders opens from it", async ({ page }) => {
    const email = await newCustomer(page, "Plain Phone");
    await signIn(page, email, PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText("Menu", { exact: true }).click();
    await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expect(dashboardMenu(page).getByRole("button")).toBeHidden();
    await openFromMenu(page, "My Orders", "/dashboard/my-orders");
  });

  test("an admin opens Manage All Orders and Shop Settings from the dashboard menu and sees their content", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

    await openFromMenu(page, "Manage All Orders", "/dashboard/manage-orders");
    await expect(main(page).getByRole("heading", { level: 2, name: "All orders" })).toBeVisible();

    await openFromMenu(page, "Shop Settings", "/dashboard/shop-settings");
    const form = page.getByRole("form", { name: "Shop settings" });
    await expect(form.getByLabel("Free standard delivery from a subtotal of ($)")).toBeVisible();
    await expect(form.getByRole("button", { name: "Save settings" })).toBeVisible();
  });

  test("a customer opens a part's purchase page with Purchase Now and sees the part and the order form", async ({ page }) => {
    const email = await newCustomer(page, "Plain Buyer");
    await signIn(page, email, PASSWORD);
    await page.goto("/parts?q=pads");
    const partName = "Ceramic Brake Pad Set (Front Axle)";
    await main(page).getByRole("link", { name: partName, exact: true }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: partName })).toBeVisible();
    await main(page).getByRole("link", { name: "Purchase Now" }).click();
    await expect(page).toHaveURL(/\/purchase\/[0-9a-f]{24}$/);
    await expect(main(page).getByRole("heading", { level: 1, name: partName })).toBeVisible();
    await expect(main(page).getByLabel("Part details")).toContainText("Unit price");
    await expect(main(page).getByRole("button", { name: "Place order" })).toBeVisible();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
  });
});

/** Holds the server's answer to a client navigation (not a prefetch) to `path` until released. */
async function holdNavigationTo(page: Page, path: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    const headers = route.request().headers();
    if (headers["rsc"] && !headers["next-router-prefetch"]) await held;
    await route.continue();
  });
  return release;
}

test("with JavaScript, a dashboard menu link shows a spinner in the content area, and Purchase Now a full-screen one, until the page arrives", async ({ page }) => {
  const email = await newCustomer(page, "Waiting Reader");
  await signIn(page, email, PASSWORD);
  await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

  const releaseOrders = await holdNavigationTo(page, /\/dashboard\/my-orders/);
  const myOrders = dashboardMenu(page).getByRole("link", { name: "My Orders", exact: true });
  await hydrated(myOrders);
  await myOrders.click();
  await expect(main(page).getByRole("status", { name: "Loading the page…" })).toBeVisible();
  await expect(dashboardMenu(page)).toBeVisible();
  releaseOrders();
  await expect(main(page).getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading the page…" })).toHaveCount(0);

  await page.goto("/parts?q=pads");
  await main(page).getByRole("link", { name: "Ceramic Brake Pad Set (Front Axle)", exact: true }).click();
  const releasePurchase = await holdNavigationTo(page, /\/purchase\//);
  const purchaseNow = main(page).getByRole("link", { name: "Purchase Now" });
  await hydrated(purchaseNow);
  await purchaseNow.click();
  await expect(page.getByRole("status", { name: "Loading the part…" })).toBeVisible();
  releasePurchase();
  await expect(main(page).getByRole("button", { name: "Place order" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading the part…" })).toHaveCount(0);
});

import { expect, test, type Page } from "@playwright/test";
import { clickHydrated, hydrated, signUp, uniqueEmail } from "./support";

const PHONE = { width: 390, height: 844 };
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
// A <summary> has no ARIA role of its own; browsers announce it as an expandable button.
const menuToggle = (page: Page) => mainNav(page).locator("summary", { hasText: "Menu" });

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("on a phone the Menu opens and every page of the navigation, Login included, is reached by clicking", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    for (const [name, path] of [
      ["Portfolio", "/portfolio"],
      ["Blog", "/blog"],
      ["Home", "/"],
      ["Login", "/signin"],
    ] as const) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeHidden();
      await menuToggle(page).click();
      await mainNav(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("on a wide screen the links are shown without a Menu", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/blog");
    await expect(menuToggle(page)).toBeHidden();
    for (const name of ["Home", "Portfolio", "Blog", "Login"]) await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Portfolio", exact: true }).click();
    await expect(page).toHaveURL("/portfolio");
  });
});

test("on a phone the keyboard opens the Menu and follows a link, and the menu closes after it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const toggle = menuToggle(page);
  await hydrated(mainNav(page).locator("details"));
  // Tab from the top of the page: the skip link, the shop's name, then the Menu.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  const blog = mainNav(page).getByRole("link", { name: "Blog", exact: true });
  await expect(blog).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(blog).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/blog");
  await expect(blog).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("the server draws Login for everyone; a signed-in customer's browser swaps it for DashBoard and Sign Out", async ({ page }) => {
  await signUp(page, { name: "Known Customer", email: uniqueEmail() });
  // The cached page is the same HTML for every visitor, signed in or not.
  const html = await (await page.request.get("/blog")).text();
  expect(html).toMatch(/<a [^>]*href="\/signin"[^>]*>Login<\/a>/);
  expect(html).not.toContain("DashBoard");

  await page.goto("/");
  await clickHydrated(mainNav(page).getByRole("link", { name: "Blog", exact: true }));
  await expect(page).toHaveURL("/blog");
  await expect(mainNav(page).getByRole("link", { name: "DashBoard", exact: true })).toHaveAttribute("href", "/dashboard");
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
});

import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, clickHydrated, hydrated, signUp, submitSignIn, uniqueEmail } from "./support";

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
  // Tab from the top of the page: the skip link, the shop's name, the cart, then the Menu.
  await page.keyboard.press("Tab");
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

test("a customer who signs in from /parts has DashBoard and Sign Out from the first paint, in the server's HTML", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Known Customer", email });
  await page.context().clearCookies();
  // A visitor's cached page says Login, and nothing of a signed-in customer.
  const visitorHtml = await (await page.request.get("/blog")).text();
  expect(visitorHtml).toMatch(/<a [^>]*href="\/signin"[^>]*>Login<\/a>/);
  expect(visitorHtml).not.toContain("DashBoard");

  await page.goto("/signin?callbackUrl=%2Fparts");
  await submitSignIn(page, email, PASSWORD);
  await page.waitForURL("/parts");
  // The moment the catalogue is back, its header is the signed-in one: no Login drawn first.
  expect(await mainNav(page).getByRole("link", { name: "Login" }).count()).toBe(0);
  expect(await mainNav(page).getByRole("link", { name: "DashBoard", exact: true }).count()).toBe(1);
  // Pages the browser fetched ahead while signed out are not shown again as they were.
  await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
  await page.waitForURL("/blog");
  expect(await mainNav(page).getByRole("link", { name: "Login" }).count()).toBe(0);
  expect(await mainNav(page).getByRole("link", { name: "DashBoard", exact: true }).count()).toBe(1);

  // A page's first paint is the server's HTML, before any script runs.
  for (const path of ["/", "/parts", "/blog"]) {
    const html = await (await page.goto(path))?.text();
    expect(html, path).toMatch(/<a [^>]*href="\/dashboard\/my-profile"[^>]*>DashBoard<\/a>/);
    expect(html, path).toContain(">Sign Out</button>");
    expect(html, path).not.toContain(">Login</a>");
  }
  await clickHydrated(mainNav(page).getByRole("button", { name: "Sign Out" }));
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  expect(await (await page.request.get("/blog")).text()).not.toContain("DashBoard");
});

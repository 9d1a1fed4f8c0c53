import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, firstPartPath, isRed, sessionOf, signUp, uniqueEmail } from "./support";

/** Every URL the page asks for from now on (documents, scripts, data, redirects followed). */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectNoPasswordIn(urls: string[], password: string): void {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url).not.toContain(encodeURIComponent(password));
    expect(url).not.toMatch(/[?&]password=/);
  }
}

/** The session as the server sees this browser's cookies (sessionOf() needs scripts in the page). */
async function sessionUser(page: Page): Promise<unknown> {
  return ((await (await page.request.get("/api/auth/session")).json()) as { user?: unknown }).user;
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function expectSignedInHeader(page: Page, where: string): Promise<void> {
  await expect(mainNav(page).getByRole("link", { name: "DashBoard", exact: true }), where).toHaveAttribute("href", "/dashboard");
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" }), where).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" }), where).toHaveCount(0);
}

async function expectVisitorHeader(page: Page, where: string): Promise<void> {
  await expect(mainNav(page).getByRole("link", { name: "Login" }), where).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "DashBoard" }), where).toHaveCount(0);
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" }), where).toHaveCount(0);
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
}

/** Signs up by pressing Enter in the form: SPEC 4 then goes to /. */
async function signUpWithoutScripts(page: Page, name: string, email: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL("/");
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("signing up by pressing Enter creates the account, signs in and goes to /, with no password in any URL", async ({ page }) => {
    const urls = requestedUrls(page);
    const email = uniqueEmail();
    await signUpWithoutScripts(page, "Plain Browser", email);
    expect(await sessionUser(page)).toMatchObject({ email, name: "Plain Browser" });
    expectNoPasswordIn(urls, PASSWORD);
  });

  test("signing in returns to the purchase page it was sent from", async ({ page }) => {
    const email = uniqueEmail();
    await signUpWithoutScripts(page, "Scriptless Buyer", email);
    await page.context().clearCookies();
    const part = await firstPartPath(page);

    const urls = requestedUrls(page);
    await page.goto(part.path);
    await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(part.path)}`);
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(part.path);
    // (The purchase page's own content streams in behind its loading state, which needs scripts to swap in.)
    expect(await sessionUser(page)).toMatchObject({ email });
    expectNoPasswordIn(urls, PASSWORD);
  });

  test("a signed-in customer sees DashBoard and Sign Out on every kind of page, a visitor Login, on either host name", async ({ page, baseURL }) => {
    const email = uniqueEmail();
    await signUpWithoutScripts(page, "Scriptless Member", email);
    await page.context().clearCookies();
    const part = await firstPartPath(page);
    const pages = ["/", "/parts", "/parts?sort=price-asc", part.path.replace("/purchase/", "/parts/"), "/blog", "/portfolio", "/customer-reviews", "/dashboard/my-profile"];
    const otherHost = (baseURL ?? "").replace("127.0.0.1", "localhost");

    // Signed in at /signin on 127.0.0.1: SPEC 4's default destination is /.
    await page.goto("/signin");
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL("/");
    for (const path of pages) {
      await page.goto(path);
      await expectSignedInHeader(page, path);
    }
    // The session cookie belongs to 127.0.0.1: on localhost the same browser is a visitor.
    for (const path of ["/", "/parts", "/blog"]) {
      await page.goto(`${otherHost}${path}`);
      await expectVisitorHeader(page, `localhost ${path}`);
    }

    // Sign Out is a form: it ends the session, and every page says Login again.
    await page.goto("/parts");
    await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    expect(await sessionUser(page)).toBeUndefined();
    for (const path of pages.slice(0, -1)) {
      await page.goto(path);
      await expectVisitorHeader(page, path);
    }

    // The same on localhost: in, then out.
    await page.goto(`${otherHost}/signin`);
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(`${otherHost}/`);
    await expectSignedInHeader(page, "localhost /");
    await page.goto(`${otherHost}/customer-reviews`);
    await expectSignedInHeader(page, "localhost /customer-reviews");
    await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(`${otherHost}/`);
    await expectVisitorHeader(page, "localhost / after signing out");
    await page.goto("/");
    await expectVisitorHeader(page, "127.0.0.1 / after signing out");
  });

  test("a session cookie the shop did not seal, or a header claiming a session, gets a visitor's pages", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "next-auth.session-token", value: "forged", url: baseURL ?? "" }]);
    await page.setExtraHTTPHeaders({ "x-autoparts-signed-in": "1" });
    for (const path of ["/", "/parts", "/blog"]) {
      await page.goto(path);
      await expectVisitorHeader(page, path);
    }
    await page.context().clearCookies();
    await page.goto("/portfolio");
    await expectVisitorHeader(page, "/portfolio");
  });

  test("Login on a part's page, then signing in, returns to that part", async ({ page }) => {
    const email = uniqueEmail();
    await signUpWithoutScripts(page, "Scriptless Returner", email);
    await page.context().clearCookies();
    await page.goto("/parts");
    const card = page.getByRole("article").nth(2);
    const partName = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link", { name: partName, exact: true }).click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f]{24}$/);
    const partPath = new URL(page.url()).pathname;
    await mainNav(page).getByRole("link", { name: "Login" }).click();
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(partPath);
    await expectSignedInHeader(page, partPath);
  });

  test("a refused sign-in says why in red under the form and keeps the email, never the password", async ({ page }) => {
    const urls = requestedUrls(page);
    const email = uniqueEmail();
    await page.goto("/signin");
    await fillSignIn(page, email, "not-the-password");
    const refusal = page.getByRole("alert").filter({ hasText: "Wrong email or password." });
    await expect(refusal).toBeVisible();
    expect(await isRed(refusal)).toBe(true);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    expectNoPasswordIn(urls, "not-the-password");
  });

  test("SPEC 5's messages show under each field of an empty or malformed form", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is Required");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is Required");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password is Required");

    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill("jane@example");
    await page.getByLabel("Password").fill("abc");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Provide a valid Email");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Must be 6 characters or longer");
    await expect(page.getByLabel("Email")).toHaveValue("jane@example");
  });
});

test("pressing Enter before the page's scripts have loaded signs in without putting the password in a URL", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Slow Network", email });
  await page.context().clearCookies();

  // A slow network: the page's scripts do not arrive until the test lets them.
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(({ pathname }) => pathname.startsWith("/_next/static/") && pathname.endsWith(".js"), async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const urls = requestedUrls(page);
  await page.goto("/signin?callbackUrl=%2Fblog", { waitUntil: "commit" });
  const sent = page.waitForRequest((request) => request.isNavigationRequest());
  await fillSignIn(page, email, PASSWORD);
  // The browser sends the form itself: as a POST, not as a GET with the fields in the address.
  const submission = await sent;
  expect(submission.method()).toBe("POST");
  expectNoPasswordIn([submission.url()], PASSWORD);
  await page.waitForURL("/blog", { waitUntil: "commit" });
  release();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await sessionOf(page)).user).toMatchObject({ email });
  expectNoPasswordIn(urls, PASSWORD);
});

import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, clickHydrated, firstPartPath, isRed, sessionOf, signUp, submitSignIn, uniqueEmail } from "./support";

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
  await expect(mainNav(page).getByRole("link", { name: "DashBoard", exact: true }), where).toHaveAttribute("href", "/dashboard/my-profile");
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" }), where).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" }), where).toHaveCount(0);
}

async function expectVisitorHeader(page: Page, where: string): Promise<void> {
  await expect(mainNav(page).getByRole("link", { name: "Login" }), where).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "DashBoard" }), where).toHaveCount(0);
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" }), where).toHaveCount(0);
}

/** One page of each kind the server renders per request: a search, the vehicle pages, sign-in and sign-up. */
async function perRequestPages(page: Page): Promise<{ pages: string[]; part: string }> {
  const part = (await firstPartPath(page)).path.replace("/purchase/", "/parts/");
  return { part, pages: ["/parts?q=brake", "/vehicle", "/vehicle?year=2016", "/vehicles/2016/honda/civic", `${part}/vehicles`, "/signin", "/signup"] };
}

/** The pages that render per request once a vehicle is chosen: the home page, the catalogue, a part's page. */
const withVehicle = (part: string) => ["/", "/parts", part];

/** Chooses the 2016 Honda Civic on its page, as a customer does, on this host. */
async function chooseCivic(page: Page, host: string): Promise<void> {
  await page.goto(`${host}/vehicles/2016/honda/civic`);
  const choose = page.getByRole("form", { name: "Shop for the 2016 Honda Civic" });
  // Signing in has already chosen it when the customer's garage has it (lib/garage/sign-in.ts).
  if ((await choose.count()) > 0) await choose.getByRole("button", { name: "Shop for this vehicle" }).click();
  await expect.poll(async () => (await page.context().cookies(host)).some((cookie) => cookie.name === "vehicle")).toBe(true);
}

async function visit(page: Page, url: string): Promise<void> {
  expect((await page.goto(url))?.status(), url).toBe(200);
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
    await expect(page.getByRole("heading", { level: 1, name: part.name.trim() })).toBeVisible();
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

  test("a signed-in customer sees DashBoard and Sign Out on the pages rendered per request too, with or without a vehicle, on either host name", async ({ page, baseURL }) => {
    const email = uniqueEmail();
    await signUpWithoutScripts(page, "Scriptless Driver", email);
    await page.context().clearCookies();
    const { pages, part } = await perRequestPages(page);
    const otherHost = (baseURL ?? "").replace("127.0.0.1", "localhost");
    for (const host of [baseURL ?? "", otherHost]) {
      await page.goto(`${host}/signin`);
      await fillSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(`${host}/`);
      for (const path of pages) {
        await visit(page, `${host}${path}`);
        await expectSignedInHeader(page, `${host}${path}`);
      }
      await chooseCivic(page, host);
      for (const path of withVehicle(part)) {
        await visit(page, `${host}${path}`);
        await expectSignedInHeader(page, `${host}${path} with a vehicle`);
      }
    }
  });

  test("a visitor sees Login on the pages rendered per request, with or without a vehicle, on either host name", async ({ page, baseURL }) => {
    const { pages, part } = await perRequestPages(page);
    for (const host of [baseURL ?? "", (baseURL ?? "").replace("127.0.0.1", "localhost")]) {
      for (const path of pages) {
        await visit(page, `${host}${path}`);
        await expectVisitorHeader(page, `${host}${path}`);
      }
      await chooseCivic(page, host);
      for (const path of withVehicle(part)) {
        await visit(page, `${host}${path}`);
        await expectVisitorHeader(page, `${host}${path} with a vehicle`);
      }
    }
  });

  test("a forged session cookie, or a header claiming a session, gets Login on the pages rendered per request", async ({ page, baseURL }) => {
    const { pages, part } = await perRequestPages(page);
    await chooseCivic(page, baseURL ?? "");
    await page.context().addCookies([{ name: "next-auth.session-token", value: "forged", url: baseURL ?? "" }]);
    await page.setExtraHTTPHeaders({ "x-autoparts-signed-in": "1" });
    for (const path of [...pages, ...withVehicle(part)]) {
      await visit(page, path);
      await expectVisitorHeader(page, path);
    }
    // Their signed-in variant is not reachable by its internal path either.
    expect((await page.request.get("/per-request/signed-in/vehicle")).status()).toBe(404);
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

test("with JavaScript, the server's HTML of each page rendered per request already says DashBoard for a signed-in customer", async ({ page, baseURL }) => {
  await signUp(page, { name: "First Paint", email: uniqueEmail() });
  const { pages, part } = await perRequestPages(page);
  await chooseCivic(page, baseURL ?? "");
  for (const path of [...pages, ...withVehicle(part)]) {
    // The document as the server sends it, before any script runs.
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(/<a [^>]*href="\/dashboard\/my-profile"[^>]*>DashBoard<\/a>/);
    expect(html, path).not.toMatch(/>Login<\/a>/);
  }
});

test("with JavaScript, signing in from a search shows DashBoard there at once, and the header never asks for the session", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Quick Searcher", email });
  await page.context().clearCookies();
  const urls = requestedUrls(page);
  await page.goto("/parts?q=brake");
  await clickHydrated(mainNav(page).getByRole("link", { name: "Login" }));
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent("/parts?q=brake")}`);
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/parts?q=brake");
  await expectSignedInHeader(page, "/parts?q=brake after signing in");
  await page.getByRole("link", { name: "Shop by vehicle" }).first().click();
  await expect(page).toHaveURL("/vehicle");
  await expectSignedInHeader(page, "/vehicle");
  expect(urls.filter((url) => url.includes("/api/auth/session"))).toEqual([]);
});

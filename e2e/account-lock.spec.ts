import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startNext, type NextServer } from "../scripts/services/next-server.mjs";
import { PASSWORD, clickHydrated, e2eDatabaseUri, submitSignIn, uniqueEmail } from "./support";

// Someone guesses at a customer's password from many addresses until the account is locked. The
// shop here trusts the machine's own proxy (TRUSTED_PROXIES), so X-Forwarded-For stands for the
// guessers' addresses; the customer's browser connects without one, from her own. Its limits are
// the default ones scaled down (3 failures per email and address, 6 per account instead of 10 and
// 20), so that locking an account takes six password checks, not twenty.

const LOCKED = "Too many attempts on this account. Try again in 15 minutes, or sign in from a browser you have signed in with before.";
const NEW_PASSWORD = "brand-new-pass-4";

let shop: NextServer;

// Each test checks a dozen passwords (scrypt) on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startNext({
    env: {
      MONGODB_URI: e2eDatabaseUri(),
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
      TRUSTED_PROXIES: "127.0.0.1",
      AUTH_SIGNIN_FAILURES_PER_IP: "1000",
      AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "3",
      AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "6",
      AUTH_SIGNUPS_PER_IP: "1000",
    },
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** One sign-in at next-auth's endpoint from `address`, as a script sends it: the error it reports, or null when it signed in. */
async function guess(email: string, password: string, address: string): Promise<string | null> {
  const headers = { "x-forwarded-for": address };
  const csrf = await fetch(`${shop.baseUrl}/api/auth/csrf`, { headers });
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";", 1)[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const reply = await fetch(`${shop.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: shop.baseUrl, json: "true" }),
  });
  const { url } = (await reply.json()) as { url: string };
  return new URL(url, shop.baseUrl).searchParams.get("error");
}

/** 6 wrong passwords, 3 from each of two addresses (each address stops at 3 for one email): the account is locked. */
async function lockAccount(email: string): Promise<void> {
  for (const address of ["198.51.100.1", "198.51.100.2"]) {
    for (let i = 0; i < 3; i++) expect(await guess(email, `wrong-pass-${i}`, address)).toBe("Wrong email or password.");
  }
  expect(await guess(email, PASSWORD, "198.51.100.3")).toBe(LOCKED);
}

async function browserAt(browser: Browser, options: { javaScriptEnabled?: boolean; storageState?: Awaited<ReturnType<BrowserContext["storageState"]>> } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, ...options });
  return context.newPage();
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** The sign-in form's refusal (Next's route announcer is an alert too, outside the page's main part). */
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
/** A busy machine may take longer than a person would wait for an account to be made. */
const SLOW_SERVER = { timeout: 30_000 };

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible(SLOW_SERVER);
}

async function signOut(page: Page): Promise<void> {
  await clickHydrated(mainNav(page).getByRole("button", { name: "Sign Out" }));
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
}

/** The signed-in email as the server sees this browser's cookies (works with JavaScript off too). */
async function signedInAs(page: Page): Promise<string | undefined> {
  return ((await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } }).user?.email;
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await submitSignIn(page, email, password);
}

for (const [way, javaScriptEnabled] of [
  ["with JavaScript", true],
  ["without JavaScript", false],
] as const) {
  test(`the owner signs in through the sign-in form from her own browser while the account is locked; a new browser is told it is locked (${way})`, async ({ browser }) => {
    const email = uniqueEmail();
    const owner = await browserAt(browser);
    await signUp(owner, "Locked Owner", email);
    await signOut(owner);
    await lockAccount(email);

    // The same browser, with its cookies (and JavaScript as the case says).
    const again = await browserAt(browser, { javaScriptEnabled, storageState: await owner.context().storageState() });
    await signInThroughForm(again, email, PASSWORD);
    await expect(again).toHaveURL("/", SLOW_SERVER);
    expect(await signedInAs(again)).toBe(email);

    const stranger = await browserAt(browser, { javaScriptEnabled });
    await signInThroughForm(stranger, email, PASSWORD);
    await expect(formAlert(stranger)).toHaveText(LOCKED, SLOW_SERVER);
    expect(await signedInAs(stranger)).toBeUndefined();
  });
}

test("a signed-in owner changes her password from My Profile while the account is locked", async ({ browser }) => {
  const email = uniqueEmail();
  const owner = await browserAt(browser);
  await signUp(owner, "Leaked Password", email);
  await lockAccount(email);

  await owner.goto("/dashboard/my-profile");
  const form = owner.getByRole("form", { name: "Password" });
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await clickHydrated(form.getByRole("button", { name: "Change password" }));
  await expect(owner.getByText("Your password is saved.")).toBeVisible(SLOW_SERVER);
  expect(await signedInAs(owner)).toBe(email);
});

test("each browser gets a mark of its own, and a password change leaves only the browser that made it known", async ({ browser }) => {
  const email = uniqueEmail();
  const home = await browserAt(browser);
  await signUp(home, "Shared Computer", email);
  const library = await browserAt(browser);
  await signInThroughForm(library, email, PASSWORD);
  await expect(library).toHaveURL("/", SLOW_SERVER);
  const markOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === "autoparts.known-browser")?.value;
  expect(await markOf(library)).toBeTruthy();
  expect(await markOf(library)).not.toBe(await markOf(home));

  await home.goto("/dashboard/my-profile");
  const form = home.getByRole("form", { name: "Password" });
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await clickHydrated(form.getByRole("button", { name: "Change password" }));
  await expect(home.getByText("Your password is saved.")).toBeVisible(SLOW_SERVER);
  await signOut(home);
  await lockAccount(email);

  // The library's browser kept its mark, but the account forgot it with the old password.
  await signInThroughForm(library, email, NEW_PASSWORD);
  await expect(formAlert(library)).toHaveText(LOCKED, SLOW_SERVER);
  await signInThroughForm(home, email, NEW_PASSWORD);
  await expect(home).toHaveURL("/", SLOW_SERVER);
  expect(await signedInAs(home)).toBe(email);
});

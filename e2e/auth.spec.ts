import { expect, test } from "@playwright/test";
import { ADMIN, PASSWORD, isRed, sessionOf, signUp, submitSignIn, uniqueEmail } from "./support";

test.describe("sign-up and sign-in", () => {
  test("sign-up lands on / signed in, with the display name in the session", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, { name: "Jane Driver", email });
    await expect(page).toHaveURL("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "DashBoard", exact: true })).toHaveAttribute("href", "/dashboard/my-profile");
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
    const session = await sessionOf(page);
    expect(session.user).toMatchObject({ email, name: "Jane Driver" });
  });

  test("the top navigation shows Home, Portfolio, Blog and Login when signed out, with no Google button unconfigured", async ({ page }) => {
    await page.goto("/signin");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Portfolio", "Blog", "Login"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "DashBoard" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
  });

  test("each validation message of SPEC 5 shows under its field", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByText("Name is Required")).toBeVisible();
    await expect(page.getByText("Email is Required")).toBeVisible();
    await expect(page.getByText("Password is Required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is Required");

    await page.getByLabel("Email").fill("jane@example");
    await page.getByLabel("Password").fill("abc");
    await expect(page.getByText("Provide a valid Email")).toBeVisible();
    await expect(page.getByText("Must be 6 characters or longer")).toBeVisible();
    await page.getByLabel("Name").fill("Jane");
    await expect(page.getByText("Name is Required")).toHaveCount(0);

    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/signin");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is Required")).toBeVisible();
    await expect(page.getByText("Password is Required")).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await expect(page.getByText("Provide a valid Email")).toBeVisible();
    await expect(page.getByText("Must be 6 characters or longer")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
  });

  test("a wrong password and an unknown email both show the same message in red, not a code", async ({ page }) => {
    await page.goto("/signin");
    await submitSignIn(page, ADMIN.email, "not-the-password");
    const alert = page.getByRole("alert").filter({ hasText: "Wrong email or password." });
    await expect(alert).toBeVisible();
    expect(await isRed(alert)).toBe(true);
    await submitSignIn(page, uniqueEmail(), "not-the-password");
    await expect(alert).toBeVisible();
    await expect(page.getByText("CredentialsSignin")).toHaveCount(0);
    await expect(page).toHaveURL("/signin");
  });

  test("signing up with a taken email says so", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Name").fill("Copycat");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "An account with this email already exists. Sign in instead." })).toBeVisible();
  });

  test("sign-in returns by replacement, so Back does not reopen the sign-in page", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, { name: "Back Tester", email });
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL("/signin");
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page).toHaveURL("/");
    await page.goBack();
    await expect(page).not.toHaveURL(/\/signin/);
  });

  test("a full-screen spinner shows while the sign-in is pending", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, { name: "Spinner Tester", email });
    await page.context().clearCookies();
    await page.goto("/signin");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The form's server action posts to the sign-in page itself.
    await page.route("**/signin**", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole("status", { name: "Signing you in…" })).toBeVisible();
    release();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Signing you in…" })).toHaveCount(0);
  });

  test("sign-out ends the session and returns to /", async ({ page }) => {
    await signUp(page, { name: "Leaving Soon", email: uniqueEmail() });
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect((await sessionOf(page)).user).toBeUndefined();
  });

  test("an off-site callbackUrl is ignored: sign-in lands on /", async ({ page, baseURL }) => {
    const email = uniqueEmail();
    await signUp(page, { name: "Careful Clicker", email });
    // The last three become //evil.com only once their dot segments are resolved.
    for (const evil of ["https://evil.com/steal", "//evil.com", "/\\evil.com", "/.//evil.com", "/%2e//evil.com", "/dashboard/..//evil.com"]) {
      await page.context().clearCookies();
      await page.goto(`/signin?callbackUrl=${encodeURIComponent(evil)}`);
      await submitSignIn(page, email, PASSWORD);
      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
      expect(page.url()).toBe(`${baseURL}/`);
    }
  });

  test("after 10 failed sign-ins for one email, the next attempt is refused with a clear message", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, { name: "Forgetful", email });
    await page.context().clearCookies();
    await page.goto("/signin");
    const wrong = page.getByRole("alert").filter({ hasText: "Wrong email or password." });
    for (let i = 0; i < 10; i++) {
      await submitSignIn(page, email, `wrong-pass-${i}`);
      await expect(wrong).toBeVisible();
    }
    // Even the right password waits now.
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: "Too many attempts. Try again in 15 minutes." })).toBeVisible();
  });
});

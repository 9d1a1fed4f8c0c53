import { expect, test } from "@playwright/test";
import { PASSWORD, clickHydrated, googleSessionCookie, insertUsers, signUp, submitSignIn, uniqueEmail } from "./support";

const NEW_PASSWORD = "brand-new-pass-4";

test("a customer changes their password from My Profile, and after signing out only the new one signs in", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Password Changer", email });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "DashBoard", exact: true }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Profile", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

  const form = page.getByRole("form", { name: "Password" });
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("abc");
  await clickHydrated(form.getByRole("button", { name: "Change password" }));
  await expect(form.getByText("Must be 6 characters or longer")).toBeVisible();
  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is saved.")).toBeVisible();

  // The session that made the change stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await nav.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await nav.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL("/signin");

  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await submitSignIn(page, email, NEW_PASSWORD);
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a session cookie copied before sign-out is refused afterwards, by the API and by the pages", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Careful Leaver", email });
  const captured = await page.context().cookies();
  expect(captured.some((cookie) => cookie.name === "next-auth.session-token")).toBe(true);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Sign Out" }).click();
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();

  await page.context().addCookies(captured);
  expect((await page.request.get(`/orders/${email}`)).status()).toBe(401);
  await page.goto("/dashboard/my-profile");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fmy-profile");
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
});

test("an account made by a Google sign-in is told it has no password to change, and its owner sets one", async ({ page, baseURL }) => {
  const prefix = `g${Date.now()}x`;
  const email = `${prefix}0@example.com`;
  await insertUsers(1, prefix);
  await page.context().addCookies([await googleSessionCookie(email, baseURL ?? "")]);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "DashBoard", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

  const form = page.getByRole("form", { name: "Password" });
  await expect(page.getByText("Your account signs in with Google and has no password to change.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveCount(0);
  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await clickHydrated(form.getByRole("button", { name: "Set password" }));
  await expect(page.getByText("Your password is saved.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toBeVisible();
  await expect(form.getByRole("button", { name: "Change password" })).toBeVisible();

  await nav.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await nav.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL("/signin");
  await submitSignIn(page, email, NEW_PASSWORD);
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

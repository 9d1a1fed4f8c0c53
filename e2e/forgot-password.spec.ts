import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, hydrated, receivedMail, signUp, uniqueEmail } from "./support";

// A customer who forgot the password asks for a link on the sign-in page, reads it in the mail the
// shop delivered, sets a new password and is signed in; the old password no longer works. With and
// without JavaScript.

const NEW_PASSWORD = "my-new-pass-7";
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The link in the reset mail Mailpit received for the address. */
async function resetLinkIn(email: string): Promise<string> {
  const mail = await receivedMail(email, /Reset your password/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.Text)?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${mail.Text}`);
  return link;
}

/** With JavaScript, what is typed before React hydrates the form is not what its check reads: wait for it. */
async function ready(page: Page, scripts: boolean, field: string): Promise<void> {
  if (scripts) await hydrated(page.getByLabel(field));
}

async function signOut(page: Page): Promise<void> {
  await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
}

async function signInWith(page: Page, scripts: boolean, email: string, password: string): Promise<void> {
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await ready(page, scripts, "Email");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

for (const [way, options] of [
  ["with JavaScript", {}],
  ["without JavaScript", { javaScriptEnabled: false }],
] as const) {
  test.describe(way, () => {
    test.use(options);

    test("forgot password: the link from the mail sets a new password, signs in, and the old password is refused", async ({ page, javaScriptEnabled }) => {
      const email = uniqueEmail();
      await signUp(page, { name: "Rita Reset", email });
      await signOut(page);

      // By keyboard: the link follows the password field.
      await mainNav(page).getByRole("link", { name: "Login" }).click();
      await page.getByLabel("Password").focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await ready(page, javaScriptEnabled, "Email");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("status")).toHaveText("If an account exists for that address, we have sent a link to reset its password.");

      // The customer opens the link their mail program shows; nothing the page asks for names the token.
      const referers: string[] = [];
      page.on("request", (request) => referers.push(request.headers().referer ?? ""));
      await page.goto(await resetLinkIn(email));
      await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
      await ready(page, javaScriptEnabled, "New password");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set password and sign in" }).click();

      await expect(page).toHaveURL("/dashboard/my-profile");
      await expect(page.getByRole("status").filter({ hasText: "Your new password is set and you are signed in." })).toBeVisible();
      await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
      for (const referer of referers) expect(referer).not.toContain("token");

      await signOut(page);
      await signInWith(page, javaScriptEnabled, email, PASSWORD);
      await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
    });

    test("a link used once is refused the second time, with a way to ask again", async ({ page, javaScriptEnabled }) => {
      const email = uniqueEmail();
      await signUp(page, { name: "Otto Once", email });
      await signOut(page);
      await mainNav(page).getByRole("link", { name: "Login" }).click();
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await ready(page, javaScriptEnabled, "Email");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("status")).toBeVisible();
      const link = await resetLinkIn(email);

      await page.goto(link);
      await ready(page, javaScriptEnabled, "New password");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page).toHaveURL("/dashboard/my-profile");
      await signOut(page);

      await page.goto(link);
      await ready(page, javaScriptEnabled, "New password");
      await page.getByLabel("New password").fill("yet-another-pass-8");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "This link to reset your password has expired or has already been used. Ask for a new one." })).toBeVisible();
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    });
  });
}

import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, clickHydrated, receivedMail, restoreSeededStock, signUp, submitSignIn, uniqueEmail } from "./support";

// The mails of an order, as its customer receives them: an order placed at the checkout with a bank
// transfer, its confirmation read from the mail server with the total and the payment reference the
// confirmation page showed; then an admin marks it shipped in Manage All Orders and the shipped mail
// arrives. The mails are read through Mailpit's HTTP API, where the shop delivered them.

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The value beside a term of a definition list. */
const detail = (list: Locator, term: string | RegExp) => list.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

// The order takes stock of a seeded part, which the specs after this one compare with the seed.
test.afterAll(restoreSeededStock);

test("a bank-transfer order's confirmation mail carries its total and reference; the admin ships it and the shipped mail arrives", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail();
  await signUp(page, { name: "Mo Mailer", email });
  const welcome = await receivedMail(email, /^Welcome to /, 60_000);
  expect(welcome.Text).toContain("Hello Mo Mailer,");

  // A part into the cart from the catalogue, then the checkout.
  const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) }).first();
  const partName = (await card.getByRole("heading").innerText()).trim();
  await clickHydrated(card.getByRole("button", { name: `Add to cart: ${partName}` }));
  await expect(page.getByText(new RegExp(`Added \\d+ × ${escaped(partName)} to your cart\\.`))).toBeVisible();
  await mainNav(page).getByRole("link", { name: /^Cart/ }).click();
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await page.getByLabel("Phone number", { exact: true }).fill("+1 555 0177");
  await page.getByLabel("Address", { exact: true }).fill("7 Mailbox Lane, Springfield");
  await page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: /^Bank transfer/ }).check();
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: "Place order" }).click();

  // What the confirmation page shows is what the mail says.
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const number = (await page.getByText("Your order number is").locator("strong").innerText()).trim();
  const reference = (await detail(page.getByRole("region", { name: "Pay by bank transfer" }), "Payment reference").innerText()).trim();
  const total = (await detail(page.getByLabel("Totals"), /^Total$/).innerText()).trim();
  const confirmation = await receivedMail(email, new RegExp(`^Order ${escaped(number)} confirmed`));
  expect(confirmation.To.map((to) => to.Address)).toEqual([email]);
  expect(confirmation.Text).toContain(`Total: ${total}`);
  expect(confirmation.Text).toContain(`Payment reference: ${reference}`);
  expect(confirmation.Text).toContain(partName);
  expect(confirmation.Text).toContain("7 Mailbox Lane, Springfield");
  expect(confirmation.HTML).toContain(reference);
  // Its link leads to the order's own page.
  const link = /View your order: (\S+)/.exec(confirmation.Text)![1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();

  // The admin, by clicking: Manage All Orders, Mark shipped.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto("/signin");
  await submitSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await mainNav(admin).getByRole("link", { name: "DashBoard" }).click();
  await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage All Orders" }).click();
  const row = admin.getByRole("row").filter({ hasText: number });
  await clickHydrated(row.getByRole("button", { name: "Mark shipped" }));
  await expect(admin.getByText("Order marked shipped.")).toBeVisible();
  await adminContext.close();

  const shipped = await receivedMail(email, new RegExp(`^Order ${escaped(number)} has shipped`));
  expect(shipped.Text).toContain("is on its way");
  expect(shipped.Text).toContain(`Total: ${total}`);
  expect(shipped.Text).toContain(link);
});

import { expect, test, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { ADMIN, clickHydrated, e2eDatabaseUri, receivedMail, reindexDerived, submitSignIn, uniqueEmail } from "./support";

// The admin's view of an order's mails: the order's page, opened from Manage All Orders, lists each
// mail with its time, subject and whether it was delivered; a mail whose every try failed says why
// and is sent again with a plain form, which works without JavaScript.

/** A placed cash-on-delivery order of one line, as the shop stores it, straight in the e2e database. */
async function placeOrder(email: string, number: string): Promise<string> {
  const connection = await mongoose.createConnection(e2eDatabaseUri(), { directConnection: true }).asPromise();
  try {
    const line = { partId: new mongoose.Types.ObjectId(), partsname: "Cabin air filter", unitPrice: 19.5, quantity: 1, total: 19.5 };
    const now = new Date();
    const { insertedId } = await connection.collection("orders").insertOne({
      lines: [line],
      ...{ partId: line.partId, partsname: line.partsname, unitPrice: line.unitPrice, quantity: 1 },
      subtotal: 19.5,
      deliveryMethod: "standard",
      deliveryPrice: 5,
      total: 24.5,
      number,
      paymentMethod: "cash-on-delivery",
      paymentStatus: "unpaid",
      name: "Fay Failing",
      email,
      phone: "555 0142",
      address: "3 Bounce Road",
      status: "placed",
      createdAt: now,
      updatedAt: now,
    });
    return String(insertedId);
  } finally {
    await connection.close();
  }
}

/** Every try of the order's mails failed, as a mail server refusing it for the whole backoff would leave them. */
async function failMailsOf(orderId: string, reason: string): Promise<void> {
  const connection = await mongoose.createConnection(e2eDatabaseUri(), { directConnection: true }).asPromise();
  try {
    await connection.collection("maillogs").updateMany({ orderId: new mongoose.Types.ObjectId(orderId) }, { $set: { state: "failed", lastError: reason } });
  } finally {
    await connection.close();
  }
}

const mailsOnPage = (page: Page) => page.getByRole("region", { name: "Mails" }).getByTestId("order-mail");

test("an admin sees an order's shipped mail delivered, and sends it again without JavaScript after it failed", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  const number = `AP-${Date.now().toString().slice(-6)}`;
  const orderId = await placeOrder(email, number);
  await reindexDerived();

  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage All Orders" }).click();
  const row = page.getByRole("row").filter({ hasText: number });
  await clickHydrated(row.getByRole("button", { name: "Mark shipped" }));
  await expect(page.getByText("Order marked shipped.")).toBeVisible();
  await receivedMail(email, new RegExp(`^Order ${number} has shipped`));

  // The order's page, from its number in the list: the shipped mail, delivered.
  await row.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(mailsOnPage(page)).toHaveCount(1);
  await expect(mailsOnPage(page).first()).toContainText(`Order ${number} has shipped`);
  await expect(mailsOnPage(page).first()).toContainText("Delivered to the mail server");

  // Every try failed: the page says why, and Send again works with JavaScript off.
  await failMailsOf(orderId, "550 mailbox unavailable");
  const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(new URL(page.url()).pathname);
  await expect(mailsOnPage(plain).first()).toContainText("Failed: 550 mailbox unavailable");
  await mailsOnPage(plain).first().getByRole("button", { name: "Send again" }).click();
  await expect(plain.getByRole("status")).toHaveText("The mail is queued again.");
  await expect
    .poll(async () => {
      await plain.reload();
      return mailsOnPage(plain).first().innerText();
    }, { timeout: 30_000 })
    .toContain("Delivered to the mail server");
  await noScript.close();
});

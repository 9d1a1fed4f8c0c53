import { expect, test, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { ADMIN, clickHydrated, e2eDatabaseUri, reindexDerived, signUp, submitSignIn, uniqueEmail } from "./support";

// An order of several lines paid by bank transfer, after it is placed: the admin finds it in Manage
// All Orders, marks it paid, then shipped, by clicking; the customer sees it so on its own page.

/** A customer's two-line bank-transfer order, as checkout stores it, straight in the e2e database. */
async function placeTransferOrder(email: string, number: string): Promise<void> {
  const connection = await mongoose.createConnection(e2eDatabaseUri(), { directConnection: true }).asPromise();
  try {
    const lines = [
      { partId: new mongoose.Types.ObjectId(), partsname: "Front brake pads", unitPrice: 40, quantity: 2, total: 80 },
      { partId: new mongoose.Types.ObjectId(), partsname: "Front brake disc", unitPrice: 55.5, quantity: 1, total: 55.5 },
    ];
    const now = new Date();
    await connection.collection("orders").insertOne({
      lines,
      partId: lines[0]!.partId,
      partsname: lines[0]!.partsname,
      unitPrice: 40,
      quantity: 2,
      subtotal: 135.5,
      deliveryMethod: "express",
      deliveryPrice: 14.99,
      deliveryBy: new Date(now.getTime() + 86_400_000),
      total: 150.49,
      number,
      paymentMethod: "bank-transfer",
      paymentStatus: "unpaid",
      paymentReference: `REF-${number}`,
      name: "Tess Transfer",
      email,
      phone: "555 0199",
      address: "12 Brake Lane",
      status: "placed",
      createdAt: now,
      updatedAt: now,
    });
  } finally {
    await connection.close();
  }
  await reindexDerived();
}

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

test("an admin marks a bank-transfer order paid, then shipped; the customer sees it on the order's page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  const number = `AP-${Date.now().toString().slice(-6)}`;
  await signUp(page, { name: "Tess Transfer", email });
  await placeTransferOrder(email, number);

  // The customer's order page, reached from My Orders: unpaid, with the payment instructions.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await dashboardMenu(page).getByRole("link", { name: "My Orders" }).click();
  const myRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: number, exact: true }) });
  // Name and Quantity hold one entry per line, in the lines' order.
  await expect(myRow.getByRole("cell").nth(1).getByRole("listitem")).toHaveText(["Front brake pads", "Front brake disc"]);
  await expect(myRow.getByRole("cell").nth(2).getByRole("listitem")).toHaveText(["2", "1"]);
  await expect(myRow).toContainText("$150.49");
  await expect(myRow).toContainText("Bank transfer, unpaid");
  await myRow.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("unpaid");
  await expect(page.getByTestId("payment-reference")).toHaveText(`REF-${number}`);
  await expect(page.getByRole("row", { name: /Front brake disc/ })).toContainText("$55.50");

  // The admin, by clicking: Manage All Orders, Mark paid, then Mark shipped.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto("/signin");
  await submitSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await dashboardMenu(admin).getByRole("link", { name: "Manage All Orders" }).click();
  const row = admin.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Bank transfer, unpaid");
  await clickHydrated(row.getByRole("button", { name: "Mark paid" }));
  await expect(admin.getByText("Order marked paid.")).toBeVisible();
  await expect(row).toContainText("Bank transfer, paid");
  await expect(row.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await clickHydrated(row.getByRole("button", { name: "Mark shipped" }));
  await expect(admin.getByText("Order marked shipped.")).toBeVisible();
  await expect(row).toContainText("shipped");
  await adminContext.close();

  // The customer reloads their order's page: paid and shipped, the instructions gone.
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("shipped");
  await expect(page.getByTestId("payment-status")).toHaveText("paid");
  await expect(page.getByTestId("payment-reference")).toHaveCount(0);
});

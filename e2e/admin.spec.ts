import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, clickHydrated, insertUsers, PASSWORD, submitSignIn, uniqueEmail } from "./support";

// The administrator's journey: add a product, promote a user, ship a customer's order, edit a price.
// Customers are made through the REST API (next-auth's credentials flow), like a script would.

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/** Signs up through next-auth's credentials flow with a request context that keeps the session cookie. */
async function apiSignUp(request: APIRequestContext, email: string, name: string): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const reply = await request.post("/api/auth/callback/credentials", {
    form: { email, password: PASSWORD, name, mode: "signup", csrfToken, json: "true" },
  });
  expect(reply.ok()).toBe(true);
  const session = (await (await request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(email);
}

test("an admin adds a product, promotes a user, ships an order and edits a price", async ({ page, playwright, baseURL, browser }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("baseURL is not set");
  const stamp = Date.now().toString(36);
  const partName = `E2E Turbocharger ${stamp}`;

  await signInAsAdmin(page);

  // Add A Product: each failing field gets its message; then a valid part is added and the form resets.
  await page.goto("/dashboard/add-product");
  await expect(page.getByRole("heading", { level: 1, name: "Add A Product" })).toBeVisible();
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Part name is required")).toBeVisible();
  await expect(page.getByText("Image must be a link starting with https://, or an uploaded picture")).toBeVisible();
  await expect(page.getByText("Price must be a number greater than 0")).toBeVisible();
  await expect(page.getByText("Quantity must be a whole number, 0 or more")).toBeVisible();
  await expect(page.getByText("Description is required")).toBeVisible();
  await expect(page.getByText("Minimum order must be a whole number, 1 or more")).toHaveCount(0);

  await page.getByLabel("Part name").fill(partName);
  await page.getByLabel("Image URL").fill("not a link");
  await page.getByLabel("Price").fill("123.45");
  await page.getByLabel("Quantity").fill("40");
  await page.getByLabel("Description").fill("A turbocharger added by the end-to-end test.");
  await expect(page.getByText("Image must be a link starting with https://, or an uploaded picture")).toBeVisible();
  await page.getByLabel("Image URL").fill("https://example.com/turbo.png");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText(`${partName} added to the catalogue.`)).toBeVisible();
  await expect(page.getByLabel("Part name")).toHaveValue("");

  // It is in the catalogue and has its own page, at once.
  await page.goto(`/parts?q=${encodeURIComponent(partName)}`);
  const partLink = page.getByRole("link", { name: partName }).first();
  await expect(partLink).toBeVisible();
  await partLink.click();
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
  await expect(page.getByText("$123.45").first()).toBeVisible();
  const partId = new URL(page.url()).pathname.split("/").pop() ?? "";
  expect(partId).toMatch(/^[0-9a-f]{24}$/);

  // Make Admin: 50 users a page, oldest first (the seeded admin first, without a button); the new
  // user is on a later page. Promoting them refetches that page, and their button disappears.
  await insertUsers(60, `old${stamp}x`);
  const promotedEmail = uniqueEmail();
  const promoted = await playwright.request.newContext({ baseURL });
  await apiSignUp(promoted, promotedEmail, "Soon Admin");
  await page.goto("/dashboard/make-admin");
  const userRows = page.locator("tbody tr");
  const userPages = page.getByRole("navigation", { name: "User pages" });
  await expect(userRows).toHaveCount(50);
  await expect(page.getByRole("row", { name: ADMIN.email }).getByRole("button")).toHaveCount(0);
  await expect(userPages.getByText("Page 1", { exact: true })).toBeVisible();
  await expect(userPages.getByRole("button", { name: "Previous" })).toBeDisabled();
  const promotedRow = page.getByRole("row", { name: promotedEmail });
  for (let shown = 1; (await promotedRow.count()) === 0; ) {
    expect(shown, `${promotedEmail} is on no page`).toBeLessThan(10);
    await clickHydrated(userPages.getByRole("button", { name: "Next" }));
    shown += 1;
    await expect(userPages.getByText(`Page ${shown}`, { exact: true })).toBeVisible();
  }
  const currentPage = await userPages.getByText(/^Page \d+$/).innerText();
  await expect(userPages.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(userPages.getByRole("button", { name: "Previous" })).toBeEnabled();
  await expect(promotedRow.getByRole("cell", { name: "user", exact: true })).toBeVisible();
  await promotedRow.getByRole("button", { name: /Make Admin/ }).click();
  await expect(page.getByText("Succesfully made an admin")).toBeVisible();
  await expect(promotedRow.getByRole("cell", { name: "admin", exact: true })).toBeVisible();
  await expect(promotedRow.getByRole("button")).toHaveCount(0);
  await expect(userPages.getByText(currentPage, { exact: true })).toBeVisible();
  await userPages.getByRole("button", { name: "Previous" }).click();
  await expect(userPages.getByText(/^Page \d+$/)).not.toHaveText(currentPage);
  await expect(userRows).toHaveCount(50);
  expect((await promoted.get("/user")).status()).toBe(200);
  await promoted.dispose();

  // A customer orders the new part; the admin ships it; the customer sees "shipped".
  const customerEmail = uniqueEmail();
  const customer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await apiSignUp(customer, customerEmail, "Carla Customer");
  const placed = await customer.post("/orderd", {
    data: { _id: partId, name: "Carla Customer", email: customerEmail, quantity: "2", phone: "555-0100", address: "1 Main Street" },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { result: { _id: string } }).result._id;

  await page.goto("/dashboard/manage-orders?status=placed");
  await expect(page.getByRole("img", { name: /Revenue by day, last 30 days/ })).toBeVisible();
  const orderRow = page.locator(`tr[data-order-id="${orderId}"]`);
  await expect(orderRow).toContainText(customerEmail);
  await expect(orderRow).toContainText(partName);
  await expect(orderRow).toContainText("$246.90");
  await clickHydrated(orderRow.getByRole("button", { name: "Mark shipped" }));
  await expect(page.getByText("Order marked shipped.")).toBeVisible();
  await page.goto("/dashboard/manage-orders?status=shipped");
  await expect(orderRow).toContainText("shipped");
  await expect(orderRow.getByRole("button", { name: "Mark delivered" })).toBeVisible();

  const mine = (await (await customer.get(`/orders/${encodeURIComponent(customerEmail)}`)).json()) as { _id: string; status: string }[];
  expect(mine.find((o) => o._id === orderId)?.status).toBe("shipped");
  // ...and in their My Orders page.
  const customerBrowser = await browser.newContext({ baseURL, storageState: await customer.storageState() });
  const customerPage = await customerBrowser.newPage();
  await customerPage.goto("/dashboard/my-orders");
  await expect(customerPage.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(customerPage.getByRole("row", { name: new RegExp(partName) }).getByRole("cell", { name: "shipped" })).toBeVisible();
  await customerBrowser.close();
  await customer.dispose();

  // Manage Product: edit the price (it is the newest part, so on the last page) and see it on its page.
  await page.goto("/dashboard/manage-product");
  const lastPage = page.getByRole("navigation", { name: "Part pages" }).getByRole("link", { name: /Page \d+/ }).last();
  if (await lastPage.count()) await lastPage.click();
  const partRow = page.locator(`tr[data-part-id="${partId}"]`);
  await expect(partRow).toContainText("$123.45");
  await expect(partRow).toContainText("38");
  await clickHydrated(partRow.getByRole("button", { name: `Edit ${partName}` }));
  const dialog = page.getByRole("dialog", { name: `Edit ${partName}` });
  await dialog.getByLabel("Price").fill("0");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Price must be a number greater than 0")).toBeVisible();
  await dialog.getByLabel("Price").fill("99.5");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${partName} updated.`)).toBeVisible();
  await expect(partRow).toContainText("$99.50");

  await page.goto(`/parts/${partId}`);
  await expect(page.getByText("$99.50").first()).toBeVisible();
  await expect(page.getByText("$123.45")).toHaveCount(0);

  // The part has an open (shipped) order: deleting it is refused with the reason.
  await page.goto("/dashboard/manage-product");
  if (await lastPage.count()) await lastPage.click();
  page.once("dialog", (confirm) => void confirm.accept());
  await clickHydrated(partRow.getByRole("button", { name: `Delete ${partName}` }));
  await expect(page.getByText(/open order .*cannot be deleted/)).toBeVisible();
  await expect(partRow).toBeVisible();

  // Cancel the shipped order (after a confirmation): its 2 units go back; then the part can go,
  // which also leaves the catalogue as the seed made it for the other specs.
  await page.goto("/dashboard/manage-orders?status=shipped");
  page.once("dialog", (confirm) => {
    expect(confirm.message()).toMatch(/^Cancel order .* Its parts go back in stock\.$/);
    void confirm.accept();
  });
  await clickHydrated(orderRow.getByRole("button", { name: "Cancel" }));
  await expect(page.getByText("Order marked cancelled.")).toBeVisible();
  await expect(orderRow).toHaveCount(0);
  await page.goto("/dashboard/manage-product");
  if (await lastPage.count()) await lastPage.click();
  await expect(partRow).toContainText("40");
  page.once("dialog", (confirm) => void confirm.accept());
  await clickHydrated(partRow.getByRole("button", { name: `Delete ${partName}` }));
  await expect(page.getByText("Part deleted.")).toBeVisible();
  await expect(partRow).toHaveCount(0);
  expect((await page.request.get(`/parts/${partId}`)).status()).toBe(404);
});

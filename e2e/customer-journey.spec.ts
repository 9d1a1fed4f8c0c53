import { expect, test, type Locator, type Page } from "@playwright/test";
import { PAYMENT_NOTE } from "../lib/orders/payments";
import { DEFAULT_MAX_PER_ORDER } from "../lib/validation/parts";
import { ADMIN, clickHydrated, deleteReviewsBy, firstPartPath, hydrated, insertOrders, setStock, signUp, submitSignIn, uniqueEmail } from "./support";

const ADMIN_MENU = ["Manage All Orders", "Add A Product", "Make Admin", "Manage Product", "Manage Reviews"];
const CUSTOMER_MENU = ["My Orders", "Add Review"];

/** The value beside a term of a definition list (`<dt>term</dt><dd>value</dd>`). */
function detail(list: Locator, term: string): Locator {
  return list.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
}

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

/** The text exactly as it is in the page: Playwright's text matchers fold runs of spaces, SPEC 5's 'address  is required' must keep two. */
async function expectExactText(locator: Locator, text: string): Promise<void> {
  await expect(locator).toBeVisible();
  expect(await locator.textContent()).toBe(text);
}

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

/** My Profile's own form: the page also has the address book's form, with its own Name and Phone number. */
const profileForm = (page: Page) => page.getByRole("form", { name: "Update your profile" });

test("a customer orders a part, deletes the order, edits the profile and reviews the shop", async ({ page }) => {
  const name = `Journey ${Date.now()}`;
  const email = uniqueEmail();
  await signUp(page, { name, email });

  // Open the first part from the home page.
  await page.goto("/");
  const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
  const partName = (await card.getByRole("heading").innerText()).trim();
  await card.getByRole("link", { name: "Purchase Now" }).click();
  await expect(page).toHaveURL(/\/purchase\/[0-9a-f]{24}$/);
  const partId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const purchasePath = `/purchase/${partId}`;
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();

  const details = page.getByLabel("Part details");
  const minOrder = Number(await detail(details, "Minimum order").innerText());
  const stock = Number(await detail(details, "Available").innerText());
  const unitPrice = dollars(await detail(details, "Unit price").innerText());
  expect(stock).toBeGreaterThan(minOrder);

  // Name and email come from the session and cannot be changed; the quantity starts at the minimum order.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Name", { exact: true })).not.toBeEditable();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Email", { exact: true })).not.toBeEditable();
  const quantity = page.getByLabel("Quantity");
  const total = page.getByRole("status", { name: "Total price" });
  await expect(quantity).toHaveValue(String(minOrder));
  await expect(total).toHaveText(`$${unitPrice * minOrder}`);

  // SPEC 5's messages: below the minimum, empty address and phone, then above the largest order
  // (the lesser of the stock and the part's per-order maximum, 100 for the seeded parts).
  const largest = Math.min(stock, DEFAULT_MAX_PER_ORDER);
  const range = `Min Order ${minOrder} Max order ${largest}`;
  await quantity.fill(String(minOrder - 1));
  await page.getByRole("button", { name: "Place order" }).click();
  await expectExactText(page.locator("#order-quantity-error"), range);
  await expectExactText(page.locator("#order-address-error"), "address  is required");
  await expectExactText(page.locator("#order-phone-error"), "Phone Number is required");
  await expect(page.getByLabel("Address")).toHaveAttribute("aria-describedby", "order-address-error");
  await quantity.fill(String(largest + 1));
  await expectExactText(page.locator("#order-quantity-error"), range);
  await quantity.fill("2.5");
  await expectExactText(page.locator("#order-quantity-error"), range);

  // A valid order: the live total follows the quantity; the toast shows the server's message; the stock drops.
  const ordered = minOrder + 1;
  const orderTotal = unitPrice * ordered;
  await quantity.fill(String(ordered));
  await expect(page.locator("#order-quantity-error")).toHaveCount(0);
  await expect(total).toHaveText(`$${orderTotal}`);
  await page.getByLabel("Address").fill("12 Garage Lane, Springfield");
  await page.getByLabel("Phone Number").fill("+1 555 0100");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(`Order placed: ${ordered} × ${partName}, $${orderTotal}.`)).toBeVisible();
  await expect(detail(details, "Available")).toHaveText(String(stock - ordered));
  await expect(quantity).toHaveValue(String(minOrder));
  await expect(page.getByLabel("Address")).toHaveValue("");
  await expect(page.getByLabel("Phone Number")).toHaveValue("");

  // My Orders has it, with its number, the part, the total and its payment; Payment says why there is nothing to pay here.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await expect(page).toHaveURL("/dashboard/my-profile");
  await dashboardMenu(page).getByRole("link", { name: "My Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(partName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(/^AP-\d+$/);
  await expect(row.getByRole("cell").nth(0)).toHaveText(partId);
  await expect(row.getByRole("cell").nth(1)).toHaveText(partName);
  await expect(row.getByRole("cell").nth(1).getByRole("link")).toHaveAttribute("href", `/parts/${partId}`);
  await expect(row.getByRole("cell").nth(2)).toHaveText(String(ordered));
  await expect(row.getByRole("cell").nth(3)).toHaveText(`$${orderTotal}`);
  await expect(row.getByRole("cell").nth(4)).toHaveText("Cash on delivery, unpaid");
  await expect(row.getByRole("cell").nth(5)).toHaveText(/placed/i);
  await expect(row.getByRole("button", { name: "Payment" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "Payment" })).toHaveAccessibleDescription(PAYMENT_NOTE);

  // Delete after the confirm dialog: the row goes and the stock comes back.
  let dialogMessage = "";
  page.once("dialog", (dialog) => {
    dialogMessage = dialog.message();
    void dialog.accept();
  });
  await row.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByText("Deleted succesfuly")).toBeVisible();
  expect(dialogMessage).toBe("are you sure want to delete");
  await expect(row).toHaveCount(0);
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the catalogue" })).toHaveAttribute("href", "/parts");

  await page.goto(purchasePath);
  await expect(detail(details, "Available")).toHaveText(String(stock));
  await page.goto(`/parts/${partId}`);
  await expect(detail(page.getByRole("main").locator("dl").first(), "Available")).toHaveText(new RegExp(`^${stock} units?$`));

  // My Profile: the update button reveals the form; a bad link is refused; the saved values show.
  await page.goto("/dashboard/my-profile");
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await clickHydrated(page.getByRole("button", { name: "Update profile" }));
  await expect(profileForm(page).getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(profileForm(page).getByLabel("Name", { exact: true })).toBeFocused();
  await expect(profileForm(page).getByLabel("Professional profile link")).toHaveAttribute("type", "url");
  await expect(profileForm(page).getByLabel("Phone number")).toHaveAttribute("type", "text");
  await profileForm(page).getByLabel("Education").fill("BSc Mechanical Engineering");
  await profileForm(page).getByLabel("Location").fill("Springfield");
  await profileForm(page).getByLabel("Phone number").fill("+1 555 0199");
  await profileForm(page).getByLabel("Professional profile link").fill("not a link");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("The profile link must be a link starting with http:// or https://")).toBeVisible();
  await profileForm(page).getByLabel("Professional profile link").fill("https://www.linkedin.com/in/journey-driver");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("successfuly updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save profile" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update profile" })).toBeFocused();
  const profile = page.getByRole("main").locator("dl");
  await expect(detail(profile, "Education")).toHaveText("BSc Mechanical Engineering");
  await expect(detail(profile, "Location")).toHaveText("Springfield");
  await expect(detail(profile, "Phone number")).toHaveText("+1 555 0199");
  await expect(profile.getByRole("link", { name: "https://www.linkedin.com/in/journey-driver" })).toHaveAttribute("href", "https://www.linkedin.com/in/journey-driver");
  await page.reload();
  await expect(detail(profile, "Education")).toHaveText("BSc Mechanical Engineering");

  // Add Review by keyboard: Tab into the stars, Space picks one, the arrows move to 4; then the text and Enter.
  await dashboardMenu(page).getByRole("link", { name: "Add Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
  const stars = page.getByRole("radiogroup", { name: "Rating" });
  for (const radio of await stars.getByRole("radio").all()) await expect(radio).not.toBeChecked();
  // From the menu's last link (My Garage follows Add Review), Tab goes on into the form.
  await dashboardMenu(page).getByRole("link").last().focus();
  await page.keyboard.press("Tab");
  await expect(stars.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
  await page.keyboard.press("Space");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(stars.locator('svg[data-filled="true"]')).toHaveCount(4);
  const words = `Parts arrived in two days and fitted first time (${email}).`;
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your review")).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Submit review" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you for your review.")).toBeVisible();
  // One review per account: the form now holds the stored review, to change or remove.
  await expect(page.getByRole("button", { name: "Update review" })).toBeVisible();
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(page.getByLabel("Your review")).toHaveValue(words);

  // The home page shows it among the latest reviews, with 4 stars.
  await page.goto("/");
  const review = page.getByRole("region", { name: "What our customers say" }).getByRole("article").filter({ hasText: words });
  await expect(review).toHaveCount(1);
  await expect(review.getByRole("heading", { name })).toBeVisible();
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

  // Leave the seeded reviews as the public-page tests expect them.
  await deleteReviewsBy(email);
});

test("failures are said: an order the stock can no longer cover, and deleting an order that is already gone", async ({ page, baseURL }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Unlucky Buyer", email });
  await page.goto("/");
  await page.getByRole("region", { name: "Parts" }).getByRole("article").nth(1).getByRole("link", { name: "Purchase Now" }).click();
  await expect(page).toHaveURL(/\/purchase\/[0-9a-f]{24}$/);
  const partId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const details = page.getByLabel("Part details");
  const minOrder = Number(await detail(details, "Minimum order").innerText());
  const stock = Number(await detail(details, "Available").innerText());

  // Others bought almost everything while this page was open: the server refuses with 409 and says why.
  const left = minOrder + 1;
  await setStock(partId, left);
  await page.getByLabel("Quantity").fill(String(Math.min(stock, left + 5)));
  await page.getByLabel("Address").fill("1 Late Street");
  await page.getByLabel("Phone Number").fill("555 0101");
  await page.getByRole("button", { name: "Place order" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "failed to insert" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`Only ${left} in stock.`);
  await expect(detail(details, "Available")).toHaveText(String(left));
  await expect(page.getByLabel("Quantity")).toHaveValue(String(minOrder));
  await expect(page.getByLabel("Address")).toHaveValue("");

  // An order deleted elsewhere (another tab) after My Orders was drawn: the row stays and the reason shows.
  const placed = await page.request.post(`${baseURL}/orderd`, {
    headers: { origin: baseURL ?? "" },
    data: { _id: partId, name: "Unlucky Buyer", email, quantity: String(minOrder), phone: "555 0101", address: "1 Late Street" },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { result: { _id: string } }).result._id;
  await page.goto("/dashboard/my-orders");
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/parts/${partId}"]`) });
  await expect(row).toHaveCount(1);
  expect((await page.request.delete(`${baseURL}/orders/${orderId}`, { headers: { origin: baseURL ?? "" } })).status()).toBe(200);
  page.once("dialog", (dialog) => void dialog.accept());
  await clickHydrated(row.getByRole("button", { name: /Delete/ }));
  const failure = page.locator("[data-sonner-toast]").filter({ hasText: "The order was not deleted" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("There is no order with this id.");
  await expect(row).toHaveCount(1);

  // Dismissing the confirm dialog deletes nothing.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await row.getByRole("button", { name: /Delete/ }).click();
  await expect(row).toHaveCount(1);

  // On a phone the table scrolls inside its box; the page itself does not get wider.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Put the stock back for the tests that follow.
  await setStock(partId, stock);
});

test("an order whose part has left the catalogue names the part without a link to a missing page", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Gone Part", email });
  await insertOrders(email, 1);
  await page.goto("/dashboard/my-orders");
  const row = page.locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("Old order 1");
  await expect(row.getByRole("cell").nth(1).getByRole("link")).toHaveCount(0);
});

test("My Orders shows 20 orders a page, newest first, with Previous and Next; a page past the end links to page 1", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Many Orders", email });
  await insertOrders(email, 25);
  await page.goto("/dashboard/my-orders");
  const rows = page.locator("tbody tr");
  const pages = page.getByRole("navigation", { name: "Order pages" });
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Old order 25");
  await expect(rows.last()).toContainText("Old order 6");
  await expect(pages.getByText("Page 1", { exact: true })).toBeVisible();
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/dashboard/my-orders?page=2");
  await expect(pages.getByText("Page 2", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("Old order 5");
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

  // Delete on page 2: the same confirm and toast, and the row goes locally.
  let dialogMessage = "";
  page.once("dialog", (dialog) => {
    dialogMessage = dialog.message();
    void dialog.accept();
  });
  await rows.filter({ hasText: "Old order 3" }).getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByText("Deleted succesfuly")).toBeVisible();
  expect(dialogMessage).toBe("are you sure want to delete");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Old order 3" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL("/dashboard/my-orders");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Old order 25");

  // Past the last page: a line saying so, with a way back.
  await page.goto("/dashboard/my-orders?page=9");
  await expect(page.getByText("There are no orders on page 9.")).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.getByRole("link", { name: "Go to page 1" }).click();
  await expect(page).toHaveURL("/dashboard/my-orders");
  await expect(rows).toHaveCount(20);
});

test("an admin's dashboard menu has the admin pages and not My Orders or Add Review", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard/my-profile");
  const menu = dashboardMenu(page);
  for (const name of ["My Profile", ...ADMIN_MENU]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of CUSTOMER_MENU) await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);

  // Opened directly, the customer pages explain themselves instead of failing.
  await page.goto("/dashboard/my-orders");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  const notice = page.getByRole("paragraph").filter({ hasText: "Admins don't place orders" });
  await expect(notice.getByRole("link", { name: "Manage All Orders" })).toHaveAttribute("href", "/dashboard/manage-orders");
  await page.goto("/dashboard/add-review");
  await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
  await expect(page.getByText("admins don't add them")).toBeVisible();
  await expect(page.getByRole("radiogroup")).toHaveCount(0);

  // On a phone the menu collapses behind a button, and closes again after a choice.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/my-profile");
  const toggle = menu.getByRole("button", { name: /Dashboard menu/ });
  await expect(menu.getByRole("link", { name: "Make Admin" })).toBeHidden();
  await clickHydrated(toggle);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("link", { name: "Make Admin" }).click();
  await expect(page).toHaveURL("/dashboard/make-admin");
  await expect(menu.getByRole("link", { name: "Make Admin" })).toBeHidden();
});

/** Opens the brake pads' purchase page ($42 a set: the finder's $4199958 was 99999 of them). */
async function purchasePads(page: Page): Promise<void> {
  await page.goto("/parts?q=pads");
  await page.getByRole("link", { name: "Ceramic Brake Pad Set (Front Axle)", exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: "Purchase Now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ceramic Brake Pad Set (Front Axle)" })).toBeVisible();
}

test("the purchase total is shown only for an order the shop would take, thousands grouped", async ({ page }) => {
  await signUp(page, { name: "Fleet Buyer", email: uniqueEmail() });
  await purchasePads(page);
  const details = page.getByLabel("Part details");
  const unitPrice = dollars(await detail(details, "Unit price").innerText());
  const largest = Math.min(Number(await detail(details, "Available").innerText()), DEFAULT_MAX_PER_ORDER);
  expect(unitPrice * largest).toBeGreaterThanOrEqual(1000);
  const quantity = page.getByLabel("Quantity");
  const total = page.getByRole("status", { name: "Total price" });

  // More than the shop takes in one order: no total for it.
  await quantity.fill("99999");
  await expect(total).toHaveText("—");
  await quantity.fill(String(largest));
  await expect(total).toHaveText(`$${(unitPrice * largest).toLocaleString("en-US")}`);
  await expect(total).toHaveText(/^\$\d{1,3}(,\d{3})+$/);
});

test("the purchase form starts with the phone number My Profile holds, and keeps it after an order", async ({ page }) => {
  await signUp(page, { name: "Phone Keeper", email: uniqueEmail() });
  await page.goto("/dashboard/my-profile");
  await clickHydrated(page.getByRole("button", { name: "Update profile" }));
  await profileForm(page).getByLabel("Phone number").fill("+1 555 0142");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("successfuly updated")).toBeVisible();

  await purchasePads(page);
  await expect(page.getByLabel("Phone Number")).toHaveValue("+1 555 0142");
  await page.getByLabel("Address").fill("1 Depot Road, Springfield");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/^Order placed: /)).toBeVisible();
  // The form starts again as it first was: the profile's phone number still in it.
  await expect(page.getByLabel("Address")).toHaveValue("");
  await expect(page.getByLabel("Phone Number")).toHaveValue("+1 555 0142");
});

test("once the shop has shipped an order, My Orders no longer offers to delete it, and a cancelled one offers nothing", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail();
  await signUp(page, { name: "Patient Buyer", email });
  const partId = (await firstPartPath(page)).path.split("/").pop() ?? "";
  const part = ((await (await page.request.get(`${baseURL}/carparts/${partId}`)).json()) as { result: { minOrder: number; quantity: number } }).result;
  const order = async () => {
    const placed = await page.request.post(`${baseURL}/orderd`, {
      headers: { origin: baseURL ?? "" },
      data: { _id: partId, name: "Patient Buyer", email, quantity: String(part.minOrder), phone: "555 0102", address: "2 Slow Road" },
    });
    expect(placed.status()).toBe(201);
    return ((await placed.json()) as { result: { _id: string } }).result._id;
  };
  const toShip = await order();
  const toCancel = await order();
  const kept = await order();

  // The admin marks the first shipped and the second cancelled, by clicking on Manage All Orders.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await adminPage.goto("/signin");
  await submitSignIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await adminPage.goto("/dashboard/manage-orders?status=placed");
  await clickHydrated(adminPage.locator(`tr[data-order-id="${toShip}"]`).getByRole("button", { name: "Mark shipped" }));
  await expect(adminPage.getByText("Order marked shipped.")).toBeVisible();
  adminPage.once("dialog", (dialog) => void dialog.accept());
  await adminPage.locator(`tr[data-order-id="${toCancel}"]`).getByRole("button", { name: "Cancel" }).click();
  await expect(adminPage.getByText("Order marked cancelled.")).toBeVisible();
  await admin.close();

  await page.goto("/dashboard/my-orders");
  const rows = page.getByRole("row").filter({ has: page.locator(`a[href="/parts/${partId}"]`) });
  await expect(rows).toHaveCount(3);
  const shipped = rows.filter({ has: page.getByRole("cell", { name: "shipped", exact: true }) });
  await expect(shipped.getByRole("button", { name: "Payment" })).toBeDisabled();
  await expect(shipped.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  const cancelled = rows.filter({ has: page.getByRole("cell", { name: "cancelled", exact: true }) });
  await expect(cancelled.getByRole("button")).toHaveCount(0);
  await expect(cancelled).toContainText("No actions");
  const placed = rows.filter({ has: page.getByRole("cell", { name: "placed", exact: true }) });
  await expect(placed.getByRole("button", { name: /Delete/ })).toBeEnabled();

  // Put the stock back for the tests that follow.
  expect((await page.request.delete(`${baseURL}/orders/${kept}`, { headers: { origin: baseURL ?? "" } })).status()).toBe(200);
  await setStock(partId, part.quantity);
});

test("moving between dashboard pages keeps the page and its menu, and shows no full-screen spinner", async ({ page }) => {
  await signUp(page, { name: "Busy Customer", email: uniqueEmail() });
  await page.goto("/dashboard/my-profile");
  const menu = dashboardMenu(page);
  await hydrated(menu.getByRole("link", { name: "My Orders" }));
  // Watch the page while clicking: any full-screen overlay, and whether the menu is ever replaced.
  await page.evaluate(() => {
    const seen = window as unknown as { coveredScreen: boolean; menuReplaced: boolean };
    const nav = document.querySelector('nav[aria-label="Dashboard"]');
    seen.coveredScreen = false;
    seen.menuReplaced = false;
    new MutationObserver(() => {
      if (!nav?.isConnected) seen.menuReplaced = true;
      for (const status of document.querySelectorAll('[role="status"]')) {
        const box = status.getBoundingClientRect();
        if (getComputedStyle(status).position === "fixed" && box.width >= window.innerWidth && box.height >= window.innerHeight) seen.coveredScreen = true;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  for (const [name, path] of [
    ["My Orders", "/dashboard/my-orders"],
    ["Add Review", "/dashboard/add-review"],
    ["My Garage", "/dashboard/my-garage"],
    ["My Profile", "/dashboard/my-profile"],
  ] as const) {
    const started = Date.now();
    await menu.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    test.info().annotations.push({ type: "menu click", description: `${name}: ${Date.now() - started} ms` });
    await expect(page).toHaveURL(path);
    await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  }
  expect(await page.evaluate(() => (window as unknown as { coveredScreen: boolean }).coveredScreen)).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { menuReplaced: boolean }).menuReplaced)).toBe(false);
});

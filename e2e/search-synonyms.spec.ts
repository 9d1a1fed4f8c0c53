import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, sessionOf, signUp, submitSignIn, uniqueEmail } from "./support";

// An admin keeps the search's synonym groups on the Search Synonyms page, reached from the
// dashboard menu: adds a group by keyboard and finds a part by its new word in the catalogue's
// search at once, is told why a phrase already used elsewhere is refused, edits a group and deletes one, with JavaScript (toasts) and without (plain form posts). A
// customer who opens the page is refused as on every admin page.

const WAYS = [
  ["with JavaScript", {}, false],
  ["with JavaScript off", { javaScriptEnabled: false }, true],
] as const;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const groups = (page: Page) => page.getByRole("region", { name: "The groups" }).getByRole("listitem");
const group = (page: Page, text: string) => groups(page).filter({ hasText: text });

/** A word no earlier run left in the list: letters only, as a phrase may hold. */
const uniqueWord = (stem: string) =>
  `${stem}${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (digit) => "abcdefghij"[Number(digit)]!)}`;

/** Presses Tab until `target` has the focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("The control was not reached by Tab");
}

/** What the page says a change did: a toast with JavaScript, the page's own note without. */
const told = (page: Page, text: string, javaScriptOff: boolean) =>
  expect(javaScriptOff ? page.getByRole("status").filter({ hasText: text }) : page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible();

for (const [way, options, javaScriptOff] of WAYS) {
  test(`${way}: an admin adds a group by keyboard, finds a part by its new word, edits one and deletes one`, async ({ browser }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Search Synonyms" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Search Synonyms" })).toBeVisible();
    await expect(group(page, "headlight, headlamp")).toHaveCount(1);

    // By keyboard: Tab to the box, type, Enter. A phrase in another group is refused, saying which
    // group has it, and what was typed stays to be put right.
    const word = uniqueWord("cooler");
    const addForm = page.getByRole("form", { name: "Add a synonym group" });
    const box = addForm.getByLabel("New group: phrases separated by commas");
    await tabTo(page, box);
    await page.keyboard.type(`${word}, Headlamp`);
    await page.keyboard.press("Enter");
    await expect(addForm.getByRole("alert")).toHaveText('"headlamp" is already in the group "headlight, headlamp": a phrase may be in one group only.');
    await expect(box).toHaveValue(`${word}, Headlamp`);
    await tabTo(page, box);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(`${word}, Radiator`);
    await page.keyboard.press("Enter");
    await told(page, "The synonym group is added: searches use it now.", javaScriptOff);
    await expect(group(page, `${word}, radiator`)).toHaveCount(1);
    // The form is empty again, the refusal gone.
    await expect(addForm.getByRole("alert")).toHaveCount(0);
    await expect(box).toHaveValue("");

    // The catalogue's search finds the radiator by the new word at once.
    await mainNav(page).getByRole("link", { name: "Home" }).click();
    await page.getByRole("link", { name: "Browse all parts" }).click();
    await page.getByLabel("Search parts").fill(word);
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByRole("main").getByRole("article").getByRole("heading", { name: "Aluminium Radiator" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Search Synonyms" }).click();


    // Edited in place.
    await group(page, word).getByRole("link", { name: /^Edit the group/ }).click();
    const phrases = page.getByLabel("Phrases of this group, separated by commas");
    await expect(phrases).toHaveValue(`${word}, radiator`);
    if (!javaScriptOff) await expect(phrases).toBeFocused();
    await phrases.fill(`${word}, radiator, engine cooler ${word}`);
    await phrases.press("Enter");
    await told(page, "The synonym group is saved: searches use it now.", javaScriptOff);
    await expect(group(page, `${word}, radiator, engine cooler ${word}`)).toHaveCount(1);

    // Deleted (with JavaScript, after a question).
    if (!javaScriptOff) page.once("dialog", (dialog) => void dialog.accept());
    await group(page, word).getByRole("button", { name: /^Delete the group/ }).click();
    await told(page, "The synonym group is deleted.", javaScriptOff);
    await expect(group(page, word)).toHaveCount(0);
    await context.close();
  });
}

test("a customer who opens Search Synonyms is signed out onto /signin, as on every admin page", async ({ page }) => {
  await signUp(page, { name: "Curious Customer", email: uniqueEmail() });
  await mainNav(page).getByRole("link", { name: "DashBoard" }).click();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Search Synonyms" })).toHaveCount(0);
  // Not in the customer's menu: typed into the address bar.
  await page.goto("/dashboard/search-synonyms");
  await expect(page).toHaveURL("/signin?callbackUrl=%2Fdashboard%2Fsearch-synonyms");
  expect((await sessionOf(page)).user).toBeUndefined();
});

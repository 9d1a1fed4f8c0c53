import { expect, test, type Page } from "@playwright/test";
import { seedReviews } from "../lib/seed/catalogue";
import { shopBaseUrl } from "./shops";
import { deleteInsertedReviews, insertReviews } from "./support";

// Home shows the 6 newest reviews; every review can be read on the reviews page,
// 12 a page, newest first, reached and paged through by clicking.
const PREFIX = "paging-reviewer-";
const NAME = "Paging reviewer";
const ADDED = 20;
const TOTAL = seedReviews.length + ADDED;

/**
 * The page's canonical link is there after a client-side navigation. The head may still hold the
 * page before's link too: Next's router leaves it now and then (seen in 1 run of 4), which no crawler
 * sees, as a crawler loads each page whole; loaded whole, the page has exactly one, its own.
 */
async function expectCanonical(page: Page, href: string): Promise<void> {
  await expect(page.locator(`link[rel="canonical"][href="${href}"]`)).toHaveCount(1);
  const loaded = await page.request.get(href);
  const links = (await loaded.text()).match(/<link rel="canonical"[^>]*>/g) ?? [];
  expect(links).toEqual([`<link rel="canonical" href="${href.replaceAll("&", "&amp;")}"/>`]);
}

test.beforeAll(async () => {
  await insertReviews(ADDED, PREFIX, NAME);
});

test.afterAll(async ({ browser }) => {
  await deleteInsertedReviews(PREFIX);
  // The count home shows is kept on write: after reviews leave behind the app's back, it is right again.
  const page = await browser.newPage();
  await page.goto(shopBaseUrl());
  const home = page.getByRole("region", { name: "What our customers say" });
  await expect(home.getByRole("link", { name: `Read all ${seedReviews.length} reviews` })).toBeVisible();
  await page.close();
});

test("every review can be read: home links to the reviews page, which pages through them newest first", async ({ page, baseURL }) => {
  await page.goto("/");
  const home = page.getByRole("region", { name: "What our customers say" });
  await expect(home.getByRole("listitem")).toHaveCount(6);
  await home.getByRole("link", { name: `Read all ${TOTAL} reviews` }).click();

  await expect(page).toHaveURL("/customer-reviews");
  await expect(page).toHaveTitle("Customer reviews | AutoParts Hub");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer reviews");
  await expectCanonical(page, `${baseURL}/customer-reviews`);
  const reviews = page.getByRole("main").getByRole("article");
  await expect(page.getByText(`Reviews 1 to 12 of ${TOTAL}, newest first.`)).toBeVisible();
  await expect(reviews).toHaveCount(12);
  await expect(reviews.first().getByRole("heading")).toHaveText(`${NAME} ${ADDED - 1}`);
  await expect(reviews.last().getByRole("heading")).toHaveText(`${NAME} ${ADDED - 12}`);

  const pages = page.getByRole("navigation", { name: "Review pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/customer-reviews?page=2");
  await expect(page).toHaveTitle("Customer reviews (page 2) | AutoParts Hub");
  await expect(page.getByText(`Reviews 13 to 24 of ${TOTAL}, newest first.`)).toBeVisible();
  await expect(reviews.first().getByRole("heading")).toHaveText(`${NAME} ${ADDED - 13}`);

  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL("/customer-reviews?page=3");
  await expectCanonical(page, `${baseURL}/customer-reviews?page=3`);
  await expect(reviews).toHaveCount(TOTAL - 24);
  // The oldest review of all closes the last page.
  await expect(reviews.last().getByRole("heading")).toHaveText(seedReviews[0]!.name);
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL("/customer-reviews?page=2");
  await expect(reviews.first().getByRole("heading")).toHaveText(`${NAME} ${ADDED - 13}`);
});

test("a reviews page past the last answers 404", async ({ page }) => {
  const reply = await page.goto("/customer-reviews?page=4");
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

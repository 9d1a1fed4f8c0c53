import { expect, test, type Page } from "@playwright/test";
import { seedParts } from "../lib/seed/catalogue";
import { clickHydrated } from "./support";

// SPEC 9: a script chunk that fails to load is an error, but only the part of the
// shop that needs it may fail. A blocked toast container leaves the page working; a page whose
// own chunk fails ends in the shop's error boundary, whose Reload brings the page back.

const CHUNKS = "**/_next/static/chunks/*.js";

/** Aborts every script chunk whose source contains `marker` (chunk names change with each build); returns the aborted URLs. */
async function blockChunksContaining(page: Page, marker: string): Promise<string[]> {
  const blocked: string[] = [];
  await page.route(CHUNKS, async (route) => {
    let body: string;
    let response: Awaited<ReturnType<typeof route.fetch>>;
    try {
      response = await route.fetch();
      body = await response.text();
    } catch {
      // The page moved on (a click navigated) while this chunk was still loading: nothing to decide.
      return route.abort("aborted").catch(() => undefined);
    }
    if (!body.includes(marker)) return route.fulfill({ response, body }).catch(() => undefined);
    blocked.push(route.request().url());
    return route.abort("failed");
  });
  return blocked;
}

test("when the toast container's chunk fails to load, the home page stays rendered and usable", async ({ page }) => {
  const blocked = await blockChunksContaining(page, "data-sonner-toaster");
  await page.goto("/");
  // The container loads after hydration, when the browser is idle: it may come after network idle.
  await expect.poll(() => blocked.length, { message: "the toast container's chunk was requested and blocked" }).toBeGreaterThan(0);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car parts that fit, delivered fast");
  const part = seedParts[0]!;
  await clickHydrated(page.getByRole("region", { name: "Parts" }).getByRole("link", { name: part.partsname, exact: true }));
  await expect(page).toHaveURL(/\/parts\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(part.partsname);
});

test("when a page's chunk fails during a client navigation, the shop's error boundary offers a Reload that works", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // Every chunk the home page did not need (the sign-in page's) now fails, as on a dropped connection.
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)));
  await page.route(CHUNKS, (route) => (loaded.has(route.request().url()) ? route.continue() : route.abort("failed")));

  await clickHydrated(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }));
  const boundary = page.getByRole("alert").filter({ hasText: "Something went wrong" });
  await expect(boundary).toContainText("Part of this page could not be loaded. Check your connection and reload.");
  // The header and footer are still the shop's: only the page area failed.
  await expect(page.getByRole("contentinfo")).toContainText("AutoParts Hub");

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await boundary.getByRole("button", { name: "Reload the page" }).click();
  await expect(page).toHaveURL("/signin");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

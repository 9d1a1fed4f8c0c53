import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContextOptions } from "@playwright/test";
import { PAGE_TYPES, type Reader, firstPartId, pathOf, signedInState } from "./page-types";
import { PHONE } from "./support";

// axe-core, every rule it runs by default, on every kind of page as a person opens it: on a
// desktop and on a phone, signed out, as a customer and as an admin. Nothing is clicked, so no
// toast or dialog is on screen: the pages as they load.

const SIZES = [
  ["on a desktop", { viewport: { width: 1280, height: 800 } }],
  ["on a phone", PHONE],
] as const;

for (const [size, options] of SIZES) {
  test.describe(size, () => {
    const sessions = new Map<Reader, BrowserContextOptions["storageState"]>();
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      for (const reader of ["customer", "admin"] as const) sessions.set(reader, await signedInState(browser, reader));
    });

    for (const type of PAGE_TYPES) {
      test(`the ${type.name} page (as ${type.as}) has no axe violation`, async ({ browser }) => {
        const context = await browser.newContext({ ...options, storageState: sessions.get(type.as) });
        try {
          const page = await context.newPage();
          const address = pathOf(type, await firstPartId(context.request));
          const reply = await page.goto(address);
          expect(reply?.status(), address).toBe(type.status ?? 200);
          const { violations } = await new AxeBuilder({ page }).analyze();
          expect(violations.map((v) => `${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });
}

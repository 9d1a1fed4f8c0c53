import { expect, test } from "@playwright/test";
import { seedParts } from "../lib/seed/catalogue";

test("the home page shows the first 3 parts of the seeded catalogue, each with Purchase Now", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Parts" });
  const cards = section.getByRole("article");
  await expect(cards).toHaveCount(3);
  for (const [i, part] of seedParts.slice(0, 3).entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { name: part.partsname })).toBeVisible();
    await expect(card).toContainText(`$${part.price}`);
    await expect(card.getByRole("link", { name: "Purchase Now" })).toHaveAttribute("href", /^\/purchase\/[0-9a-f]{24}$/);
  }
  await expect(page.getByText(seedParts[3]!.partsname)).toHaveCount(0);
});

import { expect, test } from "@playwright/test";
import { blogEntries } from "../lib/site/content/blog";
import { portfolio } from "../lib/site/content/portfolio";
import { seedParts, seedReviews } from "../lib/seed/catalogue";

// Parts in catalogue order, as the seed writes them (oldest first).
const byName = (name: string) => seedParts.find((p) => p.partsname === name)!;

test.describe("home page", () => {
  test("shows the banner, exactly 3 parts with their facts, the fixed figures, blog cards and a footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car parts that fit, delivered fast");

    const cards = page.getByRole("region", { name: "Parts" }).getByRole("article");
    await expect(cards).toHaveCount(3);
    const part = seedParts[0]!;
    const card = cards.first();
    await expect(card.getByRole("img", { name: part.partsname })).toBeVisible();
    await expect(card).toContainText(part.description.slice(0, 40));
    await expect(card).toContainText(`Minimum order${part.minOrder}`);
    await expect(card).toContainText(`Available${part.quantity}`);
    await expect(card).toContainText(`Unit price$${part.price}`);
    await expect(card.getByRole("link", { name: "Purchase Now" })).toHaveAttribute("href", /^\/purchase\/[0-9a-f]{24}$/);

    const growth = page.getByRole("region", { name: "Our business keeps growing" });
    const figures: [string, string][] = [["1000+", "Happy customers"], ["120M+", "Annual revenue"], ["33K+", "Reviews"], ["100+", "Auto parts"]];
    for (const [value, label] of figures) {
      await expect(growth.getByText(value, { exact: true })).toBeVisible();
      await expect(growth.getByText(label, { exact: true })).toBeVisible();
    }

    const blog = page.getByRole("region", { name: "From our blog" }).getByRole("article");
    await expect(blog).toHaveCount(3);
    await expect(blog.first().getByRole("heading")).toHaveText(blogEntries[0]!.question);
    await expect(page.getByRole("contentinfo")).toContainText("AutoParts Hub");
  });

  test("shows the latest reviews with stars, names, text, the default avatar and how many there are", async ({ page }) => {
    await page.goto("/");
    const reviews = page.getByRole("region", { name: "What our customers say" });
    const items = reviews.getByRole("listitem");
    await expect(items).toHaveCount(6);
    await expect(reviews).toContainText(`Showing the latest 6 of ${seedReviews.length} reviews.`);

    // The seed's newest review is its last one.
    const newest = seedReviews.at(-1)!;
    const first = items.first();
    await expect(first.getByRole("heading", { name: newest.name })).toBeVisible();
    await expect(first).toContainText(newest.description);
    await expect(first.getByRole("img", { name: `Rated ${newest.rating} out of 5` })).toBeVisible();
    await expect(first.locator('svg[data-filled="true"]')).toHaveCount(newest.rating);
    await expect(first.locator('svg[data-filled="false"]')).toHaveCount(5 - newest.rating);
    // Each star draws the page's one star shape: it must resolve to a visible outline, amber when filled.
    const stars = first.locator("svg[data-filled]");
    for (let i = 0; i < 5; i += 1) {
      const star = stars.nth(i);
      const drawn = await star.evaluate((svg) => {
        const use = svg.querySelector("use") as SVGUseElement | null;
        const box = use?.getBBox();
        return { width: box?.width ?? 0, fill: getComputedStyle(svg).fill };
      });
      expect(drawn.width, `star ${i + 1} draws the shape`).toBeGreaterThan(0);
      if (i < newest.rating) expect(drawn.fill, `star ${i + 1} is filled`).not.toBe("none");
      else expect(drawn.fill, `star ${i + 1} is empty`).toBe("none");
    }
    // Seeded reviewers have no picture: the default avatar shows, and it loads.
    const avatar = first.locator("img").first();
    await expect(avatar).toHaveAttribute("src", /^(https?:\/\/[^/]+)?\/avatar-default\.svg$/);
    await avatar.scrollIntoViewIfNeeded();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const tom = reviews.getByRole("listitem").filter({ hasText: "Tom Becker" });
    await expect(tom.getByRole("img", { name: "Rated 2 out of 5" })).toBeVisible();
  });

  test("contact form and newsletter buttons do nothing but say so kindly", async ({ page }) => {
    await page.goto("/");
    // A marker on the window survives only if the page is never reloaded or replaced.
    await page.evaluate(() => Object.assign(window, { __stillHere: true }));
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() || ["POST", "PUT"].includes(r.method())) requests.push(`${r.method()} ${r.url()}`);
    });

    const contact = page.getByRole("form", { name: "Contact us" });
    await contact.getByLabel("Your name").fill("Ana");
    await contact.getByLabel("Email").fill("ana@example.com");
    await contact.getByLabel("Message").fill("Do you ship to Porto?");
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(contact.getByRole("status")).toContainText("does not send messages yet");

    const newsletter = page.getByRole("form", { name: "Newsletter" });
    const email = newsletter.getByLabel("Email for the newsletter");
    await email.fill("ana@example.com");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(newsletter.getByRole("status")).toContainText("not subscribed");
    await email.press("Enter");

    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as Window & { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(requests).toEqual([]);
    // Typed text is still there: nothing reloaded.
    await expect(email).toHaveValue("ana@example.com");
  });

  test("the navigation collapses behind a Menu button on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.locator("details");
    await expect(menu).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: "Blog" })).toBeHidden();
    await menu.locator("summary", { hasText: "Menu" }).click();
    await expect(menu).toHaveAttribute("open");
    for (const name of ["Home", "Portfolio", "Blog", "Login"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).not.toHaveAttribute("open");
    // Nothing overflows sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("catalogue", () => {
  test("pages 12 parts at a time and each card links to its part page", async ({ page }) => {
    await page.goto("/parts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car parts catalogue");
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByText(`Showing 1–12 of ${seedParts.length} parts.`)).toBeVisible();

    const pages = page.getByRole("navigation", { name: "Catalogue pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/parts\?page=2$/);
    await expect(page.getByRole("article")).toHaveCount(seedParts.length - 12);
    await expect(page.getByRole("heading", { name: seedParts[12]!.partsname })).toBeVisible();
    await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");

    await page.getByRole("link", { name: seedParts[12]!.partsname, exact: true }).click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(seedParts[12]!.partsname);
  });

  test("searches name and description and sorts by price", async ({ page }) => {
    await page.goto("/parts");
    await page.getByLabel("Search parts").fill("brake");
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(page).toHaveURL(/\/parts\?q=brake/);
    const names = page.getByRole("article").getByRole("heading");
    await expect(names).toHaveText(["Vented Front Brake Disc 300 mm", "Ceramic Brake Pad Set (Front Axle)"]);

    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(names).toHaveText(["Ceramic Brake Pad Set (Front Axle)", "Vented Front Brake Disc 300 mm"]);

    await page.goto("/parts?sort=price-desc");
    const mostExpensive = [...seedParts].sort((a, b) => b.price - a.price)[0]!;
    await expect(names.first()).toHaveText(mostExpensive.partsname);
  });

  test("finds word beginnings, every word required: 'rake' finds nothing, 'disc bra' the disc only", async ({ page }) => {
    await page.goto("/parts");
    const search = page.getByLabel("Search parts");
    const names = page.getByRole("article").getByRole("heading");
    await search.fill("rake");
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(page.getByText("No parts match “rake”.")).toBeVisible();
    await page.getByLabel("Search parts").fill("disc BRA");
    await page.getByRole("button", { name: "Show parts" }).click();
    await expect(names).toHaveText(["Vented Front Brake Disc 300 mm"]);
  });

  test("treats search text literally: '.*' and '(' neither fail nor match everything", async ({ page }) => {
    for (const q of [".*", "("]) {
      const reply = await page.goto(`/parts?q=${encodeURIComponent(q)}`);
      expect(reply?.status()).toBe(200);
      await expect(page.getByText(`No parts match “${q}”.`)).toBeVisible();
    }
  });
});

test.describe("part page", () => {
  test("shows everything a buyer needs and a Purchase Now link", async ({ page }) => {
    await page.goto("/parts");
    await page.getByRole("link", { name: "Iridium Spark Plug", exact: true }).click();
    const part = byName("Iridium Spark Plug");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(part.partsname);
    await expect(page.getByRole("img", { name: part.partsname })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText(part.description);
    await expect(main).toContainText(`Minimum order${part.minOrder} units`);
    await expect(main).toContainText(`Available${part.quantity} units`);
    await expect(main).toContainText(`$${part.price}`);
    await expect(main).toContainText("In stock");
    const id = page.url().split("/").at(-1);
    await expect(main.getByRole("link", { name: "Purchase Now" })).toHaveAttribute("href", `/purchase/${id}`);
    await expect(page).toHaveTitle(`${part.partsname} | AutoParts Hub`);
  });

  for (const [what, id] of [
    ["a malformed", "not-a-part-id"],
    ["an unknown", "0123456789abcdef01234567"],
  ]) {
    test(`${what} id gives the not-found page with status 404`, async ({ page }) => {
      const response = await page.goto(`/parts/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    });
  }
});

test.describe("static pages", () => {
  test("the blog answers at least 6 front-end questions", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const articles = page.getByRole("article");
    expect(await articles.count()).toBeGreaterThanOrEqual(6);
    for (const entry of blogEntries) {
      await expect(page.getByRole("heading", { level: 2, name: entry.question })).toBeVisible();
    }
    await expect(page.getByRole("main")).toContainText("Object.getPrototypeOf");
  });

  test("the portfolio shows skills, education and projects from its data file", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(portfolio.name);
    for (const heading of ["Skills", "Education", "Projects"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(portfolio.skills[0]!.skills[0]!, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: portfolio.education[0]!.degree })).toBeVisible();
    await expect(page.getByRole("heading", { name: portfolio.projects[0]!.name })).toBeVisible();
  });

  test("any other path shows the not-found page with status 404 and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("every page has a title from the site template, a description and an absolute canonical URL", async ({ page, baseURL }) => {
    for (const [path, canonical] of [["/", "/"], ["/parts?sort=name", "/parts"], ["/parts?page=2", "/parts?page=2"], ["/blog", "/blog"], ["/portfolio", "/portfolio"]]) {
      await page.goto(path!);
      await expect(page).toHaveTitle(/AutoParts Hub/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      // Next writes the home page's canonical without its trailing slash.
      const expected = new URL(canonical!, baseURL).toString().replace(/\/$/, "");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", expected);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
    }
  });
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, signUp, submitSignIn, uniqueEmail } from "./support";

// The Content-Security-Policy must not break the shop. Every page is visited with a
// listener for CSP violations (the DOM event and the console message Chromium prints).
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("public pages run under the CSP without a single violation, and stay interactive", async ({ page }) => {
  const violations = watchViolations(page);
  for (const path of ["/", "/parts", "/blog", "/portfolio", "/signin", "/signup", "/no-such-page"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Client navigation and a client component work (scripts loaded through the nonce + strict-dynamic).
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Email is Required")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(violations).toEqual([]);
});

/** One page of each kind the public sees: cached ones (home, catalogue, a part, blog, portfolio, policies), a vehicle's, a 404. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const urls = [...(await (await request.get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const part = urls.find((u) => /^\/parts\/[0-9a-f]{24}$/.test(u))!;
  const vehicle = urls.find((u) => u.startsWith("/vehicles/"))!;
  return ["/", "/parts", part, vehicle, "/blog", "/portfolio", "/returns", "/shipping", "/no-such-page"];
}

test("every public page hydrates under a policy allowing no inline script but its own, on either host name and from the cache", async ({ page, request, baseURL }) => {
  const violations = watchViolations(page);
  const paths = await publicPaths(request);
  const port = new URL(baseURL!).port;
  // 127.0.0.1 fills the cache (or renders), localhost is then served from it.
  for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
    for (const path of paths) {
      const reply = await page.goto(`${origin}${path}`);
      const scriptSrc = (reply!.headers()["content-security-policy"] ?? "").split("; ").find((d) => d.startsWith("script-src "));
      expect(scriptSrc, `${origin}${path}`).toMatch(/^script-src ('self' 'sha256-|'nonce-)/);
      expect(scriptSrc, `${origin}${path}`).not.toContain("unsafe-inline");
      await page.waitForLoadState("networkidle");
      // Hydrated: a footer link navigates in the page (the client router), so what this page set survives.
      await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
      const next = path === "/shipping" ? "Returns" : "Shipping";
      await page.getByRole("contentinfo").getByRole("link", { name: next }).click();
      await expect(page).toHaveURL(new RegExp(`/${next.toLowerCase()}$`));
      expect(await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument), `${origin}${path} hydrated`).toBe(true);
    }
  }
  expect(violations).toEqual([]);
});

test("signed-in pages (dashboard, admin forms, purchase) run under the CSP without violations", async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  for (const path of ["/dashboard", "/dashboard/add-product", "/dashboard/make-admin", "/dashboard/manage-orders", "/dashboard/manage-product"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await page.goto("/parts");
  await page.getByRole("link", { name: /purchase/i }).first().click();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a customer's pages (purchase, My Orders, My Profile, Add Review) run under the CSP without violations", async ({ page }) => {
  const violations = watchViolations(page);
  await signUp(page, { name: "Csp Customer", email: uniqueEmail() });
  await page.goto("/parts");
  await page.getByRole("link", { name: /purchase/i }).first().click();
  await page.waitForLoadState("networkidle");
  for (const path of ["/dashboard/my-orders", "/dashboard/my-profile", "/dashboard/add-review"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

import { expect, type APIRequestContext, type Browser, type BrowserContext } from "@playwright/test";
import { ADMIN, signUp, submitSignIn, uniqueEmail } from "./support";

// One page of every kind the shop serves, and who opens it: the outside checks (the Nu Html Checker
// in html-checker.spec.ts, axe in accessibility.spec.ts) visit each one. A new kind of page is one
// more line here.

/** Who opens the page: signed out, a signed-in customer, or an admin. */
export type Reader = "visitor" | "customer" | "admin";

export type PageType = { name: string; path: string; as: Reader; status?: number };

/** `{part}` in a path stands for a seeded part's id. */
export const PAGE_TYPES: readonly PageType[] = [
  { name: "home", path: "/", as: "visitor" },
  { name: "catalogue", path: "/parts", as: "visitor" },
  { name: "catalogue search", path: "/parts?q=brake", as: "visitor" },
  { name: "part", path: "/parts/{part}", as: "visitor" },
  { name: "vehicles a part fits", path: "/parts/{part}/vehicles", as: "visitor" },
  { name: "shop by vehicle", path: "/vehicle?year=2016&make=honda&model=civic", as: "visitor" },
  { name: "vehicle", path: "/vehicles/2016/honda/civic", as: "visitor" },
  { name: "blog", path: "/blog", as: "visitor" },
  { name: "portfolio", path: "/portfolio", as: "visitor" },
  { name: "reviews", path: "/customer-reviews", as: "visitor" },
  { name: "returns", path: "/returns", as: "visitor" },
  { name: "shipping", path: "/shipping", as: "visitor" },
  { name: "sign in", path: "/signin", as: "visitor" },
  { name: "sign up", path: "/signup", as: "visitor" },
  { name: "forgot password", path: "/forgot-password", as: "visitor" },
  { name: "reset password without a link", path: "/reset-password", as: "visitor" },
  { name: "empty cart", path: "/cart", as: "visitor" },
  { name: "not found", path: "/no-such-page", as: "visitor", status: 404 },
  { name: "home, signed in", path: "/", as: "customer" },
  { name: "part, signed in", path: "/parts/{part}", as: "customer" },
  { name: "cart", path: "/cart", as: "customer" },
  { name: "purchase", path: "/purchase/{part}", as: "customer" },
  { name: "checkout", path: "/checkout", as: "customer" },
  { name: "my orders", path: "/dashboard/my-orders", as: "customer" },
  { name: "customer's profile", path: "/dashboard/my-profile", as: "customer" },
  { name: "add a review", path: "/dashboard/add-review", as: "customer" },
  { name: "my garage", path: "/dashboard/my-garage", as: "customer" },
  { name: "admin's profile", path: "/dashboard/my-profile", as: "admin" },
  { name: "manage all orders", path: "/dashboard/manage-orders", as: "admin" },
  { name: "add a product", path: "/dashboard/add-product", as: "admin" },
  { name: "make admin", path: "/dashboard/make-admin", as: "admin" },
  { name: "manage products", path: "/dashboard/manage-product", as: "admin" },
  { name: "a part's fitment", path: "/dashboard/manage-product/{part}/fitment", as: "admin" },
  { name: "fitment import", path: "/dashboard/manage-product/fitment-import", as: "admin" },
  { name: "manage reviews", path: "/dashboard/manage-reviews", as: "admin" },
  { name: "shop settings", path: "/dashboard/shop-settings", as: "admin" },
  { name: "search synonyms", path: "/dashboard/search-synonyms", as: "admin" },
  { name: "imports", path: "/dashboard/imports", as: "admin" },
];

/** The first part of the catalogue, which every path's `{part}` stands for. */
export async function firstPartId(request: APIRequestContext): Promise<string> {
  const [part] = (await (await request.get("/carparts?limit=1")).json()) as { _id: string }[];
  if (!part) throw new Error("the catalogue is empty");
  return part._id;
}

export const pathOf = (page: PageType, partId: string) => page.path.replace("{part}", partId);

/** The cookies of a reader (a new customer with a part in the cart, or the seeded admin), signed in once through the sign-in and sign-up pages. */
export async function signedInState(browser: Browser, reader: Reader): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (reader === "customer") {
      await signUp(page, { name: "Page Checker", email: uniqueEmail() });
      // A part in the cart: the cart page has a line, and every header a count.
      await page.goto("/parts");
      await page.getByRole("button", { name: /^Add to cart: / }).first().click();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart \d/ })).toBeVisible();
    }
    if (reader === "admin") {
      await page.goto("/signin");
      await submitSignIn(page, ADMIN.email, ADMIN.password);
      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

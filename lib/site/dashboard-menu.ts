import type { Role } from "@/models/User";

export type DashboardItem = { href: string; label: string; summary: string };

/** The page every menu opens with, where /dashboard leads and the header's DashBoard links to. */
export const DASHBOARD_HOME = "/dashboard/my-profile";

// Names as SPEC 2 writes them; the summary says what the page holds.
export const DASHBOARD_ITEMS = {
  myProfile: { href: DASHBOARD_HOME, label: "My Profile", summary: "Your name, email, education, location, phone number and profile link, with a form to update them, and your saved delivery addresses." },
  myOrders: { href: "/dashboard/my-orders", label: "My Orders", summary: "Your orders with their parts, totals and payment, each with its own page; delete one while it is placed." },
  addReview: { href: "/dashboard/add-review", label: "Add Review", summary: "A star rating and a few words about your experience." },
  manageOrders: { href: "/dashboard/manage-orders", label: "Manage All Orders", summary: "Every customer's orders, with their status, the last 30 days' revenue, and buttons to ship, deliver or cancel." },
  addProduct: { href: "/dashboard/add-product", label: "Add A Product", summary: "A form to add a part to the catalogue." },
  makeAdmin: { href: "/dashboard/make-admin", label: "Make Admin", summary: "All users by email, with a button to make a user an admin." },
  manageProduct: { href: "/dashboard/manage-product", label: "Manage Product", summary: "The parts in the catalogue, with their stock: edit, restock or delete a part." },
  // Beyond SPEC 2's menu: the customer's vehicles, the one the shop filters by marked.
  myGarage: { href: "/dashboard/my-garage", label: "My Garage", summary: "Your vehicles, and the one the shop shows parts for." },
  // Beyond SPEC 2's menu: moderation of the reviews (one per account) that the home page publishes.
  manageReviews: { href: "/dashboard/manage-reviews", label: "Manage Reviews", summary: "Every customer's review, newest first, with a button to remove it." },
  // Beyond SPEC 2's menu: what the checkout charges for delivery, and the bank details it gives.
  shopSettings: { href: "/dashboard/shop-settings", label: "Shop Settings", summary: "Delivery prices and days, the amount from which standard delivery is free, how long an unpaid bank transfer is held, and the shop's bank details." },
  // Beyond SPEC 2's menu: the phrases a search treats as one ("rotor", "brake disc").
  searchSynonyms: { href: "/dashboard/search-synonyms", label: "Search Synonyms", summary: "Groups of phrases a search treats as one, such as rotor, disc and brake disc: add, edit or delete a group." },
  // Beyond SPEC 2's menu: parts and fitment files run as background jobs, with their progress.
  imports: { href: "/dashboard/imports", label: "Imports", summary: "Upload a parts or fitment file, watch its import run, and download its refused rows." },
} as const satisfies Record<string, DashboardItem>;

/** SPEC 2 and 6: everyone sees My Profile (first); admins see the four admin pages (and Manage Reviews, Shop Settings, Search Synonyms); others see My Orders and Add Review (and My Garage). */
export function dashboardMenu(role: Role): DashboardItem[] {
  const i = DASHBOARD_ITEMS;
  return role === "admin"
    ? [i.myProfile, i.manageOrders, i.addProduct, i.makeAdmin, i.manageProduct, i.manageReviews, i.shopSettings, i.searchSynonyms, i.imports]
    : [i.myProfile, i.myOrders, i.addReview, i.myGarage];
}

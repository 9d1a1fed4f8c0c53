import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Locator, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { encode } from "next-auth/jwt";
import { seedParts } from "../lib/seed/catalogue";
import { shopBaseUrl, thisShop } from "./shops";

export const ADMIN = { email: "admin@autoparts.local", password: "admin-dev-password" };
export const PASSWORD = "secret-pass-1";

/** A phone-sized, touch browser. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The ways a journey is taken: on a desktop, on a phone, and with JavaScript off. */
export const WAYS_IN = [
  ["on a desktop", {}],
  ["on a phone", PHONE],
  ["without JavaScript", { javaScriptEnabled: false }],
] as const;

/**
 * Clicks a client component's control once React has hydrated it. A server-rendered button is
 * visible and enabled before its handler is attached, and a click in between does nothing: on a
 * busy machine that raced with a navigation just before. React marks an element it has hydrated
 * with its own `__reactProps$…` key.
 */
export async function clickHydrated(control: Locator): Promise<void> {
  await hydrated(control);
  await control.click();
}

/** Waits until React has hydrated the element (see clickHydrated). */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), { message: "the element is hydrated" })
    .toBe(true);
}

/** The element's text colour, whatever colour space the browser reports it in, is a clear red. */
export async function isRed(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) return false;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return r > 150 && g < 90 && b < 90;
  });
}

let counter = 0;
/** A fresh address matching SPEC 5's pattern (letters or digits @ letters . 2-3 letters). */
export function uniqueEmail(): string {
  counter += 1;
  return `u${Date.now()}x${counter}@example.com`;
}

export async function signUp(page: Page, user: { name: string; email: string; password?: string }): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password ?? PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/** Fills and submits the sign-in form on the current /signin page. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function sessionOf(page: Page): Promise<{ user?: { email: string; name: string } }> {
  return page.evaluate(async () => (await fetch("/api/auth/session")).json());
}

/** The database of the shop this worker drives (e2e/shops.ts). */
export const e2eDatabaseUri = () => `mongodb://127.0.0.1:${thisShop().db}/autoparts`;

/** Runs one change straight in the e2e database, as another admin or another tab would. */
async function inDatabase(change: (db: mongoose.Connection) => Promise<void>): Promise<void> {
  const connection = await mongoose.createConnection(e2eDatabaseUri(), { directConnection: true }).asPromise();
  try {
    await change(connection);
  } finally {
    await connection.close();
  }
}

/** Sets a user's role straight in the e2e database (the REST make-admin path is another issue's). */
export async function setRole(email: string, role: "admin" | "user"): Promise<void> {
  await inDatabase(async (db) => {
    const result = await db.collection("users").updateOne({ email }, { $set: { role } });
    expect(result.matchedCount).toBe(1);
  });
}

/**
 * The session cookie a Google sign-in gives (Google cannot be reached from a test): a token for
 * `email`, sealed with the secret playwright.config.ts hands the server.
 */
export async function googleSessionCookie(email: string, baseURL: string): Promise<{ name: string; value: string; url: string }> {
  const secret = process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789";
  return { name: "next-auth.session-token", value: await encode({ token: { email, name: "Google User" }, secret }), url: baseURL };
}

/**
 * Documents written straight in the database pass by the shop's writes, which keep the ordered
 * lists and totals: rebuilt here from the documents (e2e/reindex.ts, `npm run reindex`'s work), as an
 * operator does after an import.
 */
export async function reindexDerived(): Promise<void> {
  await promisify(execFile)("node_modules/.bin/tsx", ["--conditions=react-server", "e2e/reindex.ts"], { env: { ...process.env, MONGODB_URI: e2eDatabaseUri() } });
}

/** Adds `count` customers straight in the e2e database, created now (after the seeded admin, before anyone who signs up next). */
export async function insertUsers(count: number, prefix: string): Promise<void> {
  await inDatabase(async (db) => {
    const now = Date.now();
    const users = Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}@example.com`, role: "user", createdAt: new Date(now + i), updatedAt: new Date(now + i) }));
    await db.collection("users").insertMany(users);
  });
  await reindexDerived();
}

/**
 * Adds `count` placed orders of a customer straight in the e2e database, a day apart and long ago
 * (outside the admin's last-30-days figures), for a part that is not in the catalogue, so deleting
 * one puts no stock back into the seeded parts, then reindexed as an operator's import would be.
 */
export async function insertOrders(email: string, count: number): Promise<void> {
  await inDatabase(async (db) => {
    const base = Date.UTC(2024, 0, 1);
    const partId = new mongoose.Types.ObjectId();
    const orders = Array.from({ length: count }, (_, i) => ({
      partId,
      partsname: `Old order ${i + 1}`,
      unitPrice: 5,
      quantity: 1,
      total: 5,
      name: "Many Orders",
      email,
      phone: "555 0100",
      address: "1 Old Road",
      status: "placed",
      createdAt: new Date(base + i * 86_400_000),
      updatedAt: new Date(base + i * 86_400_000),
    }));
    await db.collection("orders").insertMany(orders);
  });
  await reindexDerived();
}

/**
 * Public pages are cached and expired by the app's own writes; a change made straight in the
 * database must tell the server, as an admin (POST /api/cache/expire), or the pages keep showing
 * what was there before.
 */
export async function expirePublicCache(): Promise<void> {
  const base = shopBaseUrl();
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  keep(
    await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie(), origin: base },
      body: new URLSearchParams({ csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" }),
    }),
  );
  const res = await fetch(`${base}/api/cache/expire`, { method: "POST", headers: { cookie: cookie(), origin: base } });
  expect(res.status, await res.text()).toBe(200);
}

/** Removes a user's reviews, so a test that writes one leaves the seeded list as other tests expect it. */
export async function deleteReviewsBy(email: string): Promise<void> {
  await inDatabase(async (db) => {
    await db.collection("reviews").deleteMany({ email });
  });
  await reindexDerived();
  await expirePublicCache();
}

/**
 * Adds `count` reviews by as many customers (`<prefix><i>@example.com`, named "<name> <i>") straight
 * in the e2e database, a minute apart and newer than any before: the last one is the newest.
 */
export async function insertReviews(count: number, prefix: string, name: string): Promise<void> {
  await inDatabase(async (db) => {
    const now = Date.now();
    const reviews = Array.from({ length: count }, (_, i) => {
      const at = new Date(now + i * 60_000);
      return { rating: 1 + (i % 5), description: `${name} ${i} says the parts fit.`, name: `${name} ${i}`, image: "", email: `${prefix}${i}@example.com`, createdAt: at, updatedAt: at };
    });
    await db.collection("reviews").insertMany(reviews);
  });
  await reindexDerived();
  await expirePublicCache();
}

/** Removes the reviews insertReviews added under `prefix`. */
export async function deleteInsertedReviews(prefix: string): Promise<void> {
  await inDatabase(async (db) => {
    await db.collection("reviews").deleteMany({ email: { $regex: `^${prefix}\\d+@example\\.com$` } });
  });
  await reindexDerived();
  await expirePublicCache();
}

/** Sets a part's stock, as if other customers had bought it meanwhile. */
/** Every seeded part back at its seeded stock, and the public pages that show them expired: for specs that order the catalogue's first parts. */
export async function restoreSeededStock(): Promise<void> {
  await inDatabase(async (db) => {
    for (const part of seedParts) await db.collection("parts").updateOne({ partsname: part.partsname }, { $set: { quantity: part.quantity } });
  });
  await expirePublicCache();
}

export async function setStock(partId: string, quantity: number): Promise<void> {
  await inDatabase(async (db) => {
    const result = await db.collection("parts").updateOne({ _id: new mongoose.Types.ObjectId(partId) }, { $set: { quantity } });
    expect(result.matchedCount).toBe(1);
  });
  await expirePublicCache();
}

export async function firstPartPath(page: Page): Promise<{ path: string; name: string }> {
  await page.goto("/");
  const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
  const path = await card.getByRole("link", { name: "Purchase Now" }).getAttribute("href");
  const name = await card.getByRole("heading").innerText();
  if (!path) throw new Error("no Purchase Now link");
  return { path, name };
}

/** The end-to-end shop's Mailpit (playwright.config.ts starts it): its HTTP API, where the journeys read the mail sent. */
export const MAILPIT_URL = `http://127.0.0.1:${thisShop().mail}`;

/** A mail Mailpit received, with its bodies. */
export type ReceivedMail = { ID: string; MessageID: string; Subject: string; Text: string; HTML: string; To: { Address: string }[] };

/** Waits for the newest mail to the address whose subject matches, and returns it with its text and HTML. */
export async function receivedMail(address: string, subject: RegExp, timeout = 30_000): Promise<ReceivedMail> {
  let id = "";
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ query: `to:"${address}"`, limit: "50" });
        const res = await fetch(`${MAILPIT_URL}/api/v1/search?${query}`);
        const { messages } = (await res.json()) as { messages: { ID: string; Subject: string }[] };
        id = messages.find((message) => subject.test(message.Subject))?.ID ?? "";
        return id;
      },
      { timeout, message: `a mail to ${address} with subject ${subject}` },
    )
    .not.toBe("");
  const res = await fetch(`${MAILPIT_URL}/api/v1/message/${id}`);
  return (await res.json()) as ReceivedMail;
}

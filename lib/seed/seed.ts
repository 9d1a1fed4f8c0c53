import "server-only";
import { connectDb, trusted } from "@/lib/storage/connect";
import { reindexOrdersIfNeverIndexed } from "@/lib/orders/reindex";
import { hashPassword } from "@/lib/users/password";
import { CATALOGUE_LIST } from "@/lib/catalogue/lists";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { facetCountsMissing } from "@/lib/catalogue/facet-counts";
import { ensureStorageIndexes } from "@/lib/storage/indexes";
import { reviewList } from "@/lib/reviews/list";
import { reindexReviews } from "@/lib/reviews/reindex";
import { openAccount, userList } from "@/lib/users/list";
import { reindexUsers } from "@/lib/users/reindex";
import { fitsList } from "@/lib/fitment/lists";
import { reindexFitment } from "@/lib/fitment/reindex";
import { expandRows, fitmentDocsOf } from "@/lib/fitment/rows";
import { seedParts, seedReviews } from "@/lib/seed/catalogue";
import { seedFitment } from "@/lib/seed/fitment";
import { seedSynonymList } from "@/lib/search/synonym-seed";
import { Cart } from "@/models/Cart";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import { LimitHit } from "@/models/LimitHit";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { MailLog } from "@/models/MailLog";
import { ImportJob } from "@/models/ImportJob";
import { ImportRefusal } from "@/models/ImportRefusal";

export const DEV_ADMIN_EMAIL = "admin@autoparts.local";
export const DEV_ADMIN_PASSWORD = "admin-dev-password";

export type SeedReport = { partsAdded: number; partsFitted: number; reviewsAdded: number; synonymGroupsAdded: number; admin: string };

/**
 * Indexes that earlier versions built and that a longer index now serves (its prefix, with `_id`
 * added so a page is read in the list's exact order) or no query uses any more. createIndexes never drops anything, so a database
 * made by an earlier version would keep maintaining these on every write.
 */
export const RETIRED_INDEXES: readonly { collection: string; key: Record<string, 1 | -1> }[] = [
  { collection: "users", key: { createdAt: 1 } },
  // Lists of lib/storage/ordered-lists.ts serve these orders now; the author's review is read by email alone.
  { collection: "users", key: { createdAt: 1, _id: 1 } },
  { collection: "reviews", key: { createdAt: -1, _id: -1 } },
  { collection: "reviews", key: { email: 1, createdAt: -1, _id: -1 } },
  { collection: "reviews", key: { rating: 1 } },
  { collection: "orders", key: { email: 1, createdAt: -1 } },
  { collection: "orders", key: { status: 1, createdAt: -1 } },
  { collection: "orders", key: { createdAt: -1 } },
  // The catalogue's orders are lists kept by lib/catalogue/lists.ts.
  { collection: "parts", key: { createdAt: 1, _id: 1 } },
  { collection: "parts", key: { price: 1, _id: 1 } },
  { collection: "parts", key: { partsname: 1, _id: 1 } },
  // The order lists and the revenue by day are kept on write now: no query reads these.
  { collection: "orders", key: { email: 1, createdAt: -1, _id: -1 } },
  { collection: "orders", key: { status: 1, createdAt: -1, _id: -1 } },
  { collection: "orders", key: { createdAt: -1, _id: -1 } },
];

/** The name MongoDB gives an index by default: `email_1_createdAt_-1`. */
export const defaultIndexName = (key: Record<string, 1 | -1>): string =>
  Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join("_");

const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;

/** Builds every index the shop's queries use and drops the retired ones. */
export async function ensureIndexes(): Promise<void> {
  const mongoose = await connectDb();
  for (const model of [Part, Order, Review, User]) await model.createIndexes();
  await ensureStorageIndexes();
  await LimitHit.createIndexes();
  await Cart.createIndexes();
  await MailLog.createIndexes();
  await ImportJob.createIndexes();
  await ImportRefusal.createIndexes();
  for (const { collection, key } of RETIRED_INDEXES) {
    await mongoose.connection.db
      ?.collection(collection)
      .dropIndex(defaultIndexName(key))
      .catch((error: unknown) => {
        // Already gone, or never built (a new database): nothing to do.
        const code = (error as { code?: unknown }).code;
        if (code !== INDEX_NOT_FOUND && code !== NAMESPACE_NOT_FOUND) throw error;
      });
  }
}

/**
 * Fills an empty shop and leaves a filled one as it is: parts and reviews are
 * added only when missing (by name), the admin only when absent.
 */
export async function seedDatabase(env: NodeJS.ProcessEnv = process.env): Promise<SeedReport> {
  await ensureIndexes();
  await reindexOrdersIfNeverIndexed();
  const base = Date.UTC(2026, 0, 1);

  const existingParts = new Set(await Part.distinct("partsname"));
  const parts = seedParts
    .map((part, i) => ({ ...part, createdAt: new Date(base + i * 60_000) }))
    .filter((part) => !existingParts.has(part.partsname));
  if (parts.length) await Part.insertMany(parts);
  const numbered = await numberSeededParts();
  // Inserted past the part commands, or a database made before the lists or the facet counts: list its parts afresh.
  const listed = await CATALOGUE_LIST.size();
  const unlisted = listed !== (await Part.estimatedDocumentCount()) || (listed > 0 && (await facetCountsMissing()));
  if (parts.length || numbered || unlisted) await reindexCatalogue();

  const fitted = await seedPartFitment();

  const existingReviews = new Set((await Review.find({}, { email: 1 }).lean()).map((r) => r.email));
  const reviews = seedReviews
    .map((review, i) => ({ ...review, createdAt: new Date(base + i * 3_600_000) }))
    .filter((review) => !existingReviews.has(review.email));
  if (reviews.length) await Review.insertMany(reviews);
  // Written past the review writes, which keep the list and totals; a database made before the
  // lists existed has none yet either.
  if (reviews.length || !(await reviewList.exists())) await reindexReviews();
  if (!(await userList.exists())) await reindexUsers();

  const synonymGroupsAdded = await seedSynonymList();

  return { partsAdded: parts.length, partsFitted: fitted, reviewsAdded: reviews.length, synonymGroupsAdded, admin: await seedAdmin(env) };
}

/**
 * Each seeded part gets the seed's fitment once, written as documents and listed by one reindex
 * (hundreds of model years: far quicker than the admin's command one part at a time). Once is: the
 * part is not yet marked universal or not (an admin's choice is kept), and the seed's first model
 * year of it is not there. Documents without their lists (a database made before them) are listed.
 */
async function seedPartFitment(): Promise<number> {
  const docs: FitmentFields[] = [];
  let fitted = 0;
  let unlisted = false;
  for (const [partsname, rows] of Object.entries(seedFitment)) {
    const part = await Part.findOne({ partsname }, { _id: 1, universal: 1 }).lean();
    if (!part) continue;
    if (rows === "universal") {
      if (part.universal !== undefined) continue;
      await Part.updateOne({ _id: part._id }, { $set: { universal: true } });
      fitted += 1;
      continue;
    }
    const seeded = fitmentDocsOf(part._id, expandRows(rows));
    const listed = (await fitsList(String(part._id)).size()) > 0;
    if (await Fitment.exists({ _id: seeded[0]!._id })) {
      unlisted ||= !listed;
      continue;
    }
    if (listed) continue;
    docs.push(...seeded);
    fitted += 1;
  }
  if (docs.length > 0) await Fitment.insertMany(docs);
  if (fitted > 0 || unlisted) await reindexFitment();
  return fitted;
}

/** Seeded parts stored before parts had brands and numbers get the seed's; how many did. */
async function numberSeededParts(): Promise<number> {
  let numbered = 0;
  for (const { partsname, brand, category, mpn, sku, gtin, oemNumbers } of seedParts) {
    const { modifiedCount } = await Part.updateOne({ partsname, sku: trusted({ $exists: false }), mpn: trusted({ $exists: false }) }, { $set: { brand, category, mpn, sku, gtin, oemNumbers } });
    numbered += modifiedCount;
  }
  return numbered;
}

async function seedAdmin(env: NodeJS.ProcessEnv): Promise<string> {
  const production = env.NODE_ENV === "production";
  let email = env.ADMIN_EMAIL?.trim().toLowerCase();
  let password = env.ADMIN_PASSWORD;
  if (!email || !password) {
    if (production) return "none: set ADMIN_EMAIL and ADMIN_PASSWORD to create one (no default admin in production)";
    email ??= DEV_ADMIN_EMAIL;
    password ??= DEV_ADMIN_PASSWORD;
  }
  if (production && password === DEV_ADMIN_PASSWORD) {
    throw new Error("Refusing to seed the development admin password in production: choose your own ADMIN_PASSWORD.");
  }
  if (password.length < 6) throw new Error("ADMIN_PASSWORD must be 6 characters or longer.");
  const existing = await User.findOne({ email }).lean();
  if (existing) {
    if (existing.role !== "admin") await User.updateOne({ email }, { $set: { role: "admin" } });
    return `${email} (existing account, kept its password)`;
  }
  await openAccount({ email, role: "admin", displayName: "Shop Admin", name: "Shop Admin", passwordHash: await hashPassword(password) });
  return `${email} (created)`;
}

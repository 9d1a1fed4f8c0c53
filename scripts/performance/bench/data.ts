// Deterministic large data set for `npm run bench`: same seed, same shop, every run.
import mongoose from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { hashPassword } from "@/lib/users/password";
import { seedParts } from "@/lib/seed/catalogue";
import { reindexAll } from "@/lib/maintenance/reindex";
import { benchFitment } from "./fitment-data";
import { ensureIndexes } from "@/lib/seed/seed";
import { Fitment } from "@/models/Fitment";
import { Order, ORDER_STATUSES } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";

export type BenchSizes = { parts: number; reviews: number; users: number; orders: number };
/** The data set of the baseline groups, and the small size of the scale group. */
export const BENCH_SIZES: BenchSizes = { parts: 2000, reviews: 1000, users: 200, orders: 5000 };
/** The scale group's large size: ten times the parts and users, twenty times the orders. */
export const LARGE_BENCH_SIZES: BenchSizes = { parts: 20_000, reviews: 5000, users: 2000, orders: 100_000 };
/** The bench customer orders these first parts (0 alone, or all of them in turn): stock they cannot run out of. */
export const ORDERED_PARTS = 200;
/** The second account is an admin, with the bench password. */
export const BENCH_ADMIN_EMAIL = "customer1@example.com";
export const BENCH_CUSTOMER = { email: "bench.customer@example.com", password: "bench-password", name: "Bench Customer" };

/** mulberry32: a tiny seeded PRNG, so the data set is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bench part i's manufacturer part number: unique, as printed ("MPN-0012345-B"). */
export const benchMpn = (i: number): string => `MPN-${String(i).padStart(7, "0")}-${"ABCDEFGH"[i % 8]}`;

const BRANDS = ["Bosch", "Brembo", "Denso", "Mahle", "Valeo", "NGK", "Gates", "Sachs", "Hella", "Febi", "Monroe", "Continental"];
const FITS = ["Golf VII", "Corolla E210", "Focus Mk4", "Civic X", "Astra K", "Octavia III", "Clio V", "3 Series F30", "A4 B9", "Qashqai J11"];

/**
 * Deterministic ObjectIds: the creation time in seconds, then 8 bytes from their own PRNG (so the
 * other random values of the data set stay what they were). The same ids every run make the pages'
 * HTML the same from run to run (their links and React keys carry ids), so the Next floor's build
 * of the home HTML is reused, and a run's URLs can be compared with another's.
 */
function objectIds(seed: number) {
  const random = prng(seed);
  const hex = (n: number, bytes: number) => n.toString(16).padStart(bytes * 2, "0");
  return (at: Date) =>
    new mongoose.Types.ObjectId(hex(Math.floor(at.getTime() / 1000), 4) + hex(Math.floor(random() * 2 ** 32), 4) + hex(Math.floor(random() * 2 ** 32), 4));
}

async function insertInBatches(collection: mongoose.Collection, docs: object[], size = 500): Promise<void> {
  for (let i = 0; i < docs.length; i += size) await collection.insertMany(docs.slice(i, i + size));
}

export type BenchData = {
  orderPartId: string;
  samplePartId: string;
  /** The first ORDERED_PARTS parts, part 0 first. */
  orderedPartIds: string[];
  /** Every part's id, in catalogue order. */
  partIds: string[];
};

/** Fills an empty database with the bench data set; returns the ids the targets use. */
export async function generateBenchData(sizes: BenchSizes = BENCH_SIZES): Promise<BenchData> {
  await connectDb();
  await ensureIndexes();
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const base = Date.UTC(2026, 0, 1);
  const now = Date.now();
  const objectId = objectIds(20261122);

  const parts = Array.from({ length: sizes.parts }, (_, i) => {
    const template = seedParts[i % seedParts.length]!;
    const createdAt = new Date(base + i * 60_000);
    const brand = pick(BRANDS);
    return {
      _id: objectId(createdAt),
      partsname: `${brand} ${template.partsname} for ${pick(FITS)} #${i + 1}`,
      brand,
      category: template.category,
      mpn: benchMpn(i),
      sku: `BN-${String(i + 1).padStart(6, "0")}`,
      // Four parts share each OEM number, as interchangeable parts of several brands do.
      oemNumbers: [`OE-${String(i % Math.ceil(sizes.parts / 4)).padStart(5, "0")}`],
      image: template.image,
      price: Math.round((template.price * (0.7 + random() * 0.6)) * 100) / 100,
      // The first parts take the POST /orderd load: stock large enough never to run out.
      quantity: i === 0 ? 100_000_000 : i < ORDERED_PARTS ? 1_000_000 : Math.floor(random() * 500),
      // The ordered parts take the bench's orders of 1.
      minOrder: i < ORDERED_PARTS ? 1 : template.minOrder,
      description: template.description,
      createdAt,
      updatedAt: createdAt,
      __v: 0,
    };
  });
  await insertInBatches(Part.collection, parts);

  const passwordHash = await hashPassword(BENCH_CUSTOMER.password);
  const users = Array.from({ length: sizes.users }, (_, i) => {
    const email = i === 0 ? BENCH_CUSTOMER.email : `customer${i}@example.com`;
    const name = i === 0 ? BENCH_CUSTOMER.name : `Customer ${i}`;
    const createdAt = new Date(base + i * 3_600_000);
    return { _id: objectId(createdAt), email, role: i === 1 ? "admin" : "user", displayName: name, name, photoURL: "", passwordHash, education: "", linkdedin: "", location: "", phoneNumber: "", createdAt, updatedAt: createdAt, __v: 0 };
  });
  await insertInBatches(User.collection, users);

  const reviews = Array.from({ length: sizes.reviews }, (_, i) => {
    const user = users[i % users.length]!;
    const createdAt = new Date(base + i * 1_800_000);
    return { _id: objectId(createdAt), rating: 1 + Math.floor(random() * 5), description: `Review ${i + 1}: ${pick(seedParts).description.slice(0, 120)}`, name: user.name, image: "", email: user.email, createdAt, updatedAt: createdAt, __v: 0 };
  });
  await insertInBatches(Review.collection, reviews);

  const orders = Array.from({ length: sizes.orders }, () => {
    const part = parts[1 + Math.floor(random() * (parts.length - 1))]!;
    const user = pick(users);
    const quantity = part.minOrder + Math.floor(random() * 3);
    const createdAt = new Date(now - Math.floor(random() * 90 * 86_400_000));
    const status = pick(ORDER_STATUSES);
    return {
      _id: objectId(createdAt),
      partId: part._id, partsname: part.partsname, unitPrice: part.price, quantity, total: Math.round(part.price * quantity * 100) / 100,
      name: user.name, email: user.email, phone: "555-0100", address: "1 Bench Street", status,
      // Cash on delivery, as a one-part order is: paid once delivered.
      paymentMethod: "cash-on-delivery", paymentStatus: status === "delivered" ? "paid" : "unpaid", createdAt, updatedAt: createdAt, __v: 0,
    };
  });
  await insertInBatches(Order.collection, orders);
  const fitment = parts.flatMap((part, i) => benchFitment(i, part._id));
  await insertInBatches(Fitment.collection, fitment);
  // Inserted like an operator's import, so listed the way `npm run reindex` lists one.
  const reindexStarted = Date.now();
  await reindexAll();
  console.log(`[bench] reindexed ${sizes.parts} parts, ${fitment.length} fitment rows, ${sizes.orders} orders, ${sizes.reviews} reviews, ${sizes.users} users in ${((Date.now() - reindexStarted) / 1000).toFixed(1)} s`);

  return {
    orderPartId: parts[0]!._id.toString(),
    samplePartId: parts[Math.floor(parts.length / 2)]!._id.toString(),
    orderedPartIds: parts.slice(0, ORDERED_PARTS).map((p) => p._id.toString()),
    partIds: parts.map((p) => p._id.toString()),
  };
}

/**
 * The ids the targets use, of a data set generateBenchData left in the database (BENCH_SCALE_KEEP):
 * its parts in catalogue order, which their ids (made from the times they were added) follow.
 * A bench script may read the whole collection; null when the database holds a different set.
 */
export async function existingBenchData(sizes: BenchSizes): Promise<BenchData | null> {
  await connectDb();
  const ids = (await Part.find({}, { _id: 1 }).lean<{ _id: { toString(): string } }[]>()).map((part) => part._id.toString()).sort();
  if (ids.length !== sizes.parts) return null;
  return { orderPartId: ids[0]!, samplePartId: ids[Math.floor(ids.length / 2)]!, orderedPartIds: ids.slice(0, ORDERED_PARTS), partIds: ids };
}

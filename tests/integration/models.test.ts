import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";

const validPart = {
  partsname: "Test Brake Disc",
  image: "/parts/brake-disc.svg",
  price: 64,
  quantity: 10,
  description: "A disc for tests.",
};

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("Part", () => {
  it("stores a part with minOrder defaulting to 1 and reads it back", async () => {
    const created = await Part.create(validPart);
    const found = await Part.findById(created._id).lean();
    expect(found).toMatchObject({ ...validPart, minOrder: 1 });
    expect(found?.createdAt).toBeInstanceOf(Date);
  });

  it("rejects a negative price, fractional stock and a missing name", async () => {
    await expect(Part.create({ ...validPart, price: -1 })).rejects.toThrow(/price/);
    await expect(Part.create({ ...validPart, quantity: 1.5 })).rejects.toThrow(/quantity/);
    await expect(Part.create({ ...validPart, partsname: undefined })).rejects.toThrow(/partsname/);
  });

  it("does not run query operators that arrive as values", async () => {
    await expect(Part.find({ partsname: { $ne: null } }).lean()).rejects.toThrow(/Cast to string failed/);
  });
});

describe("User", () => {
  it("lower-cases and trims the email and keeps it unique", async () => {
    await User.create({ email: "  Jane.Doe@Example.COM " });
    const jane = await User.findOne({ email: "jane.doe@example.com" }).lean();
    expect(jane).toMatchObject({ email: "jane.doe@example.com", role: "user", linkdedin: "" });
    await expect(User.create({ email: "JANE.DOE@example.com" })).rejects.toMatchObject({ code: 11000 });
  });

  it("keeps the password hash out of ordinary reads", async () => {
    await User.create({ email: "hash@example.com", passwordHash: "scrypt$1$1$1$a$b" });
    expect((await User.findOne({ email: "hash@example.com" }).lean())?.passwordHash).toBeUndefined();
    const withHash = await User.findOne({ email: "hash@example.com" }).select("+passwordHash").lean();
    expect(withHash?.passwordHash).toBe("scrypt$1$1$1$a$b");
  });

  it("accepts only the roles user and admin", async () => {
    await expect(User.create({ email: "boss@example.com", role: "owner" as never })).rejects.toThrow(/role/);
  });
});

describe("Order", () => {
  it("has its own id, records the part and starts as placed", async () => {
    const part = await Part.create({ ...validPart, partsname: "Order Part" });
    const order = await Order.create({
      partId: part._id,
      partsname: part.partsname,
      unitPrice: 64,
      quantity: 2,
      total: 128,
      name: "Jane",
      email: "Jane@Example.com",
      phone: "555-0100",
      address: "1 Main St",
    });
    expect(order._id.equals(part._id)).toBe(false);
    const stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({ status: "placed", email: "jane@example.com", total: 128 });
    expect(stored?.partId.equals(part._id)).toBe(true);
    await expect(Order.create({ ...stored, _id: undefined, status: "lost" as never })).rejects.toThrow(/status/);
  });

  it("lists a customer's orders newest first", async () => {
    const part = await Part.create({ ...validPart, partsname: "Listed Part" });
    const base = { partId: part._id, partsname: "Listed Part", unitPrice: 1, total: 1, name: "A", phone: "1", address: "x" };
    await Order.create({ ...base, quantity: 1, email: "list@example.com", createdAt: new Date("2026-01-01") });
    await Order.create({ ...base, quantity: 2, email: "list@example.com", createdAt: new Date("2026-02-01") });
    const orders = await Order.find({ email: "list@example.com" }).sort({ createdAt: -1 }).lean();
    expect(orders.map((o) => o.quantity)).toEqual([2, 1]);
  });
});

describe("Review", () => {
  it("stores ratings 0 to 5 and refuses anything else", async () => {
    const base = { description: "Good", name: "R", email: "r@example.com" };
    await Review.create({ ...base, rating: 0 });
    await Review.create({ ...base, rating: 5 });
    await expect(Review.create({ ...base, rating: 6 })).rejects.toThrow(/rating/);
    await expect(Review.create({ ...base, rating: 2.5 })).rejects.toThrow(/rating/);
    const latest = await Review.find().sort({ createdAt: -1, _id: -1 }).limit(1).lean();
    expect(latest[0]?.rating).toBe(5);
    expect(latest[0]?.image).toBe("");
  });
});

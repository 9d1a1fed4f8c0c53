import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { disconnectDb } from "@/lib/storage/connect";

// Each test file works in a database of its own, so files never see each other's data.
process.env.MONGODB_URI = `${inject("mongoBaseUri")}/t_${randomBytes(4).toString("hex")}`;

afterAll(async () => {
  await disconnectDb();
});

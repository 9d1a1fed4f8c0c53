import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { createAccountWithPassword, registerUser } from "@/lib/users/commands";
import { listUsers } from "@/lib/users/queries";
import { reindexUsers } from "@/lib/users/reindex";
import { User } from "@/models/User";

beforeAll(async () => {
  await connectDb();
});

const emails = async () => (await listUsers({ limit: 100, skip: 0 })).map((u) => u.email);

describe("the accounts list (GET /user, Make Admin)", () => {
  it("lists every account opened through the shop, oldest first, once", async () => {
    await registerUser({ email: "first@example.com", name: "First" });
    await createAccountWithPassword({ email: "second@example.com", password: "a-long-password", name: "Second" });
    await registerUser({ email: "first@example.com", name: "First again" });
    expect(await emails()).toEqual(["first@example.com", "second@example.com"]);
  });

  it("accounts imported straight into the collection are listed in their place after reindexUsers", async () => {
    await User.insertMany([
      { email: "imported-old@example.com", createdAt: new Date(Date.UTC(2020, 0, 1)) },
      { email: "imported-new@example.com", createdAt: new Date() },
    ]);
    expect(await reindexUsers()).toBe("users: 4 listed");
    expect(await emails()).toEqual(["imported-old@example.com", "first@example.com", "second@example.com", "imported-new@example.com"]);
  });

  it("pages by limit and skip, with the role of each account", async () => {
    await User.updateOne({ email: "second@example.com" }, { $set: { role: "admin" } });
    expect(await listUsers({ limit: 2, skip: 1 })).toEqual([
      { email: "first@example.com", role: "user" },
      { email: "second@example.com", role: "admin" },
    ]);
  });
});

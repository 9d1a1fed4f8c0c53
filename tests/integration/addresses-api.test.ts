import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { addAddress } from "@/lib/users/addresses";
import { ADDRESS_BOOK_FULL } from "@/lib/users/addresses-rules";
import { MAX_ADDRESSES, addressDeletedReplySchema, addressListReplySchema, addressSavedReplySchema } from "@/lib/validation/addresses";
import { setUpApiWorld } from "../support/api";
import { type Client, signedUpClient } from "../support/client";

// A customer's saved delivery addresses through the REST paths of a real server: what they hold,
// the one default, the limit, whose they are, what is refused, and adds racing from two processes.

const world = setUpApiWorld();

function conforms<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? "" : `${JSON.stringify(body)}\n${parsed.error.message}`).toBe(true);
  return parsed.data as z.output<S>;
}

const home = { name: "Alice Doe", phone: "555 0100", address: "1 Main Street, Springfield" };
const work = { name: "Alice at work", phone: "555 0199", address: "9 Dock Road, Shelbyville" };

const listOf = async (client: Client) => conforms(addressListReplySchema, (await client.get("/user/addresses")).body).addresses;
const add = (client: Client, body: unknown) => client.post<{ message: string }>("/user/addresses", body);
const patch = (client: Client, id: string, body: unknown) => client.call<{ message: string }>("PATCH", `/user/addresses/${id}`, { json: body });
const defaults = (list: { isDefault: boolean }[]) => list.filter((entry) => entry.isDefault).length;

describe("saved addresses", () => {
  it("are saved, changed, made the default and deleted, with exactly one default throughout", async () => {
    const alice = world.alice;
    expect(await listOf(alice)).toEqual([]);

    const first = await add(alice, home);
    expect(first.status).toBe(201);
    const saved = conforms(addressSavedReplySchema, first.body);
    expect(saved.address).toMatchObject({ ...home, isDefault: true });

    const second = conforms(addressSavedReplySchema, (await add(alice, { ...work, isDefault: true })).body);
    expect(second.addresses.map((entry) => [entry.name, entry.isDefault])).toEqual([
      [home.name, false],
      [work.name, true],
    ]);

    const edited = await patch(alice, saved.address._id, { address: "2 Main Street, Springfield" });
    expect(edited.status).toBe(200);
    expect(conforms(addressSavedReplySchema, edited.body).address).toMatchObject({ ...home, address: "2 Main Street, Springfield", isDefault: false });

    expect(conforms(addressSavedReplySchema, (await patch(alice, saved.address._id, { isDefault: true })).body).addresses.map((entry) => entry.isDefault)).toEqual([true, false]);
    const unmade = await patch(alice, saved.address._id, { isDefault: false });
    expect(unmade.status).toBe(409);
    expect(unmade.body.message).toBe("One of your addresses is always the default: make another one the default instead.");

    const deleted = await alice.delete(`/user/addresses/${saved.address._id}`);
    expect(deleted.status).toBe(200);
    expect(conforms(addressDeletedReplySchema, deleted.body).addresses).toEqual([{ ...second.address, isDefault: true }]);
    expect(await listOf(alice)).toEqual([{ ...second.address, isDefault: true }]);
    expect((await alice.delete(`/user/addresses/${second.address._id}`)).status).toBe(200);
    expect(await listOf(alice)).toEqual([]);
  });

  it("when the default is deleted, the oldest remaining one becomes the default", async () => {
    const client = await signedUpClient(world.server.baseUrl, "oldest@example.com", "Olive Oldest");
    const ids: string[] = [];
    for (const street of ["1 First St", "2 Second St", "3 Third St"]) {
      ids.push(conforms(addressSavedReplySchema, (await add(client, { ...home, address: street, isDefault: true })).body).address._id);
    }
    expect((await client.delete(`/user/addresses/${ids[2]}`)).status).toBe(200);
    expect((await listOf(client)).map((entry) => [entry.address, entry.isDefault])).toEqual([
      ["1 First St", true],
      ["2 Second St", false],
    ]);
  });

  it("keep at most ten: the eleventh is refused and nothing changes", async () => {
    const client = await signedUpClient(world.server.baseUrl, "full@example.com", "Fran Full");
    for (let n = 1; n <= MAX_ADDRESSES; n += 1) expect((await add(client, { ...home, address: `${n} Full Street` })).status).toBe(201);
    const eleventh = await add(client, { ...home, address: "11 Full Street", isDefault: true });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(ADDRESS_BOOK_FULL);
    const list = await listOf(client);
    expect(list).toHaveLength(MAX_ADDRESSES);
    expect(list.find((entry) => entry.isDefault)?.address).toBe("1 Full Street");
  });

  it("are one's own: another customer's address id is a 404 and leaves it as it was", async () => {
    const owner = await signedUpClient(world.server.baseUrl, "owner@example.com", "Owen Owner");
    const mine = conforms(addressSavedReplySchema, (await add(owner, home)).body).address;
    for (const reply of [await patch(world.bob, mine._id, { name: "Mallory" }), await world.bob.delete(`/user/addresses/${mine._id}`)]) {
      expect(reply.status).toBe(404);
      expect((reply.body as { message: string }).message).toBe("That address is not in your address book.");
    }
    expect(await listOf(world.bob)).toEqual([]);
    expect(await listOf(owner)).toEqual([mine]);
    expect((await patch(owner, "0123456789abcdef01234567", { name: "Nobody" })).status).toBe(404);
  });

  it("need a session", async () => {
    const id = "0123456789abcdef01234567";
    for (const reply of [await world.nobody.get("/user/addresses"), await add(world.nobody, home), await patch(world.nobody, id, { name: "X" }), await world.nobody.delete(`/user/addresses/${id}`)]) {
      expect(reply.status).toBe(401);
    }
  });

  it("refuse what the purchase form refuses, with its messages, and change nothing", async () => {
    const client = await signedUpClient(world.server.baseUrl, "careless@example.com", "Cary Careless");
    const cases: [unknown, string][] = [
      [{ phone: home.phone, address: home.address }, "name: Name is required"],
      [{ ...home, name: "   " }, "name: Name is required"],
      [{ name: home.name, address: home.address }, "phone: Phone Number is required"],
      [{ name: home.name, phone: home.phone, address: "" }, "address: address  is required"],
      [{ ...home, address: "x".repeat(501) }, "address: Must be 500 characters or fewer"],
      [{ ...home, name: "Ann\u0000" }, "name: Must not contain control characters"],
      [{ ...home, phone: { $gt: "" } }, "phone: Phone Number is required"],
      [{ ...home, isDefault: "yes" }, "isDefault: isDefault must be true or false"],
    ];
    for (const [body, message] of cases) {
      const reply = await add(client, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    const kept = conforms(addressSavedReplySchema, (await add(client, home)).body).address;
    expect((await patch(client, kept._id, {})).body.message).toBe("Send at least one of name, phone, address or isDefault");
    expect((await patch(client, kept._id, { phone: "" })).status).toBe(400);
    expect((await patch(client, "not-an-id", { name: "X" })).status).toBe(400);
    expect((await client.delete("/user/addresses/0123")).status).toBe(400);
    expect((await client.call("POST", "/user/addresses", { body: "name=Ann", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect(await listOf(client)).toEqual([kept]);
  });

  it("added at once from two server processes never pass ten nor leave two defaults", async () => {
    const email = "racer@example.com";
    const client = await signedUpClient(world.server.baseUrl, email, "Rita Racer");
    // Half through the server, half from this process: two processes taking the account's lock.
    const attempts = Array.from({ length: 16 }, (_, n) => {
      const body = { ...home, address: `${n} Race Street`, isDefault: true };
      return n % 2 === 0
        ? add(client, body).then((reply) => reply.status)
        : addAddress(email, body).then(
            () => 201,
            (error: unknown) => (error instanceof Error && error.message === ADDRESS_BOOK_FULL ? 409 : 500),
          );
    });
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ADDRESSES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(16 - MAX_ADDRESSES);
    const list = await listOf(client);
    expect(list).toHaveLength(MAX_ADDRESSES);
    expect(defaults(list)).toBe(1);
    expect(new Set(list.map((entry) => entry.address)).size).toBe(MAX_ADDRESSES);
  });
});

import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { DEFAULT_SYNONYM_GROUPS, seedSynonymList } from "@/lib/search/synonym-seed";
import { SYNONYM_LIST_ID, readSynonymList } from "@/lib/search/synonyms";
import { MAX_SYNONYM_GROUPS, synonymConflictSchema, synonymGroupListSchema, synonymGroupSavedSchema } from "@/lib/validation/search-synonyms";
import { SearchSynonyms } from "@/models/SearchSynonyms";
import { setUpApiWorld } from "../support/api";
import type { Client } from "../support/client";

// The admin's synonym groups through /search-synonyms of a real server on a seeded list.

const world = setUpApiWorld();

type Group = { id: string; phrases: string[]; version: number };

const list = async (client: Client, query = "?limit=100") => {
  const reply = await client.get(`/search-synonyms${query}`);
  expect(reply.status).toBe(200);
  return synonymGroupListSchema.parse(reply.body);
};
const allGroups = async (client: Client) => [...(await list(client, "?limit=100")), ...(await list(client, "?limit=100&skip=100"))];
const add = (client: Client, body: unknown) => client.call<{ message: string }>("POST", "/search-synonyms", { json: body });
const change = (client: Client, id: string, body: unknown) => client.call<{ message: string }>("PUT", `/search-synonyms/${id}`, { json: body });
const remove = (client: Client, id: string, version: number | string) => client.call<{ message: string }>("DELETE", `/search-synonyms/${id}?version=${version}`);
const added = async (phrases: string[]): Promise<Group> => {
  const reply = await add(world.carol, { phrases });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return synonymGroupSavedSchema.parse(reply.body).group;
};
const groupWith = async (phrase: string) => (await allGroups(world.nobody)).find((group) => group.phrases.includes(phrase));

describe("the search synonym groups", () => {
  it("are read by anyone, A–Z by first phrase, a page at a time", async () => {
    expect(await seedSynonymList()).toBe(DEFAULT_SYNONYM_GROUPS.length);
    const groups = await allGroups(world.nobody);
    expect(groups).toHaveLength(DEFAULT_SYNONYM_GROUPS.length);
    const firsts = groups.map((group) => group.phrases[0]!);
    expect(firsts).toEqual([...firsts].sort((x, y) => x.localeCompare(y)));
    expect((await groupWith("rotor"))?.phrases).toEqual(["rotor", "disc", "brake disc", "brake rotor"]);
    const firstPage = await world.nobody.get("/search-synonyms?limit=10");
    expect(firstPage.headers.get("link")).toBe('</search-synonyms?limit=10&skip=10>; rel="next"');
    expect(synonymGroupListSchema.parse(firstPage.body)).toEqual(groups.slice(0, 10));
    expect(await list(world.nobody, "?page=2&limit=10")).toEqual(groups.slice(10, 20));
    expect((await world.nobody.get("/search-synonyms?limit=0")).status).toBe(400);
    expect((await world.nobody.get("/search-synonyms?page=1&skip=3")).status).toBe(400);
  });

  it("are changed by admins only: 401 without a session, 403 for a customer, and nothing changes", async () => {
    const before = await allGroups(world.nobody);
    const tire = before.find((group) => group.phrases.includes("tyre"))!;
    for (const [client, status] of [[world.nobody, 401], [world.alice, 403]] as const) {
      expect((await add(client, { phrases: ["caliper", "brake caliper"] })).status).toBe(status);
      expect((await change(client, tire.id, { phrases: ["tire", "tyre", "tires"], version: tire.version })).status).toBe(status);
      expect((await remove(client, tire.id, tire.version)).status).toBe(status);
    }
    const refused = await add(world.alice, { phrases: ["caliper", "brake caliper"] });
    expect(refused.body.message).toBe("Only an administrator can do this.");
    // A write from another site carrying the admin's cookie is refused too.
    expect((await world.carol.call("POST", "/search-synonyms", { json: { phrases: ["caliper", "brake caliper"] }, origin: "https://evil.example" })).status).toBe(403);
    expect(await allGroups(world.nobody)).toEqual(before);
  });

  it("are added, changed and deleted by an admin, and the next read shows it at once", async () => {
    const group = await added(["Bremsscheibe", "brake disk"]);
    expect(group).toMatchObject({ phrases: ["bremsscheibe", "brake disk"], version: 1 });
    expect(await groupWith("brake disk")).toEqual(group);

    const saved = await change(world.carol, group.id, { phrases: ["Bremsscheibe", "Brake-Disk", "disk"], version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(synonymGroupSavedSchema.parse(saved.body).group).toEqual({ id: group.id, phrases: ["bremsscheibe", "brake disk", "disk"], version: 2 });
    expect((await groupWith("disk"))?.version).toBe(2);

    const deleted = await remove(world.carol, group.id, 2);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("The synonym group is deleted.");
    expect(await groupWith("bremsscheibe")).toBeUndefined();
    expect((await remove(world.carol, group.id, 2)).status).toBe(404);
    expect((await change(world.carol, group.id, { phrases: ["a1", "b1"], version: 2 })).status).toBe(404);
  });

  it("refuse bad input with a message naming what is wrong, and change nothing", async () => {
    const before = await allGroups(world.nobody);
    const tire = before.find((group) => group.phrases.includes("tyre"))!;
    const cases: [unknown, string][] = [
      [{}, "phrases: The phrases must be a list of texts"],
      [{ phrases: "rotor, disc" }, "phrases: The phrases must be a list of texts"],
      [{ phrases: ["caliper"] }, "phrases: A group needs at least 2 phrases"],
      [{ phrases: Array.from({ length: 13 }, (_, i) => `word ${i}`) }, "phrases: A group holds at most 12 phrases"],
      [{ phrases: ["caliper", "Caliper"] }, 'phrases: "caliper" is in this group twice'],
      [{ phrases: ["caliper", ""] }, "phrases.1: A phrase must not be empty"],
      [{ phrases: ["caliper", "x".repeat(41)] }, "phrases.1: A phrase must be 40 characters or fewer"],
      [{ phrases: ["caliper", "disc/drum"] }, "phrases.1: A phrase may hold only letters, digits, spaces and hyphens"],
      [{ phrases: ["caliper", "a\u0000b"] }, "phrases.1: A phrase may hold only letters, digits, spaces and hyphens"],
      [{ phrases: ["caliper", "- -"] }, "phrases.1: A phrase needs at least one letter or digit"],
      [{ phrases: ["caliper", { $ne: "" }] }, "phrases.1: A phrase must be text"],
      [{ phrases: ["caliper", "brake caliper"], extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, message] of cases) {
      const reply = await add(world.carol, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await change(world.carol, tire.id, { phrases: ["tire", "tyre"] })).body.message).toBe("version: The version you changed is required");
    expect((await change(world.carol, tire.id, { phrases: ["tire", "tyre"], version: "1" })).body.message).toBe("version: The version must be a number");
    expect((await change(world.carol, "not-an-id", { phrases: ["tire", "tyre"], version: 1 })).body.message).toBe("The group id is not a valid id (24 hexadecimal characters).");
    expect((await remove(world.carol, tire.id, "")).status).toBe(400);
    expect((await world.carol.call<{ message: string }>("DELETE", `/search-synonyms/${tire.id}`)).body.message).toBe("version: The version you deleted is required");
    expect((await remove(world.carol, tire.id, "1&version=1")).body.message).toBe("version: Give version once");
    expect((await world.carol.call("POST", "/search-synonyms", { body: "phrases=a,b", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await world.carol.call("POST", "/search-synonyms", { body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await allGroups(world.nobody)).toEqual(before);
  });

  it("refuse a phrase already in another group, naming that group, also when two admins add it at once", async () => {
    const refused = await add(world.carol, { phrases: ["Rotor", "drum"] });
    expect(refused.status).toBe(409);
    const conflict = synonymConflictSchema.parse(refused.body);
    expect(conflict.message).toBe('"rotor" is already in the group "rotor, disc, brake disc, brake rotor": a phrase may be in one group only.');
    expect(conflict.groupId).toBe((await groupWith("rotor"))?.id);
    const tire = (await groupWith("tyre"))!;
    expect((await change(world.carol, tire.id, { phrases: ["tire", "tyre", "bulb"], version: tire.version })).status).toBe(409);
    // A group may keep its own phrases when changed.
    const kept = await change(world.carol, tire.id, { phrases: ["tyre", "tire"], version: tire.version });
    expect(kept.status).toBe(200);

    const both = await Promise.all([add(world.carol, { phrases: ["caliper", "brake caliper"] }), add(world.carol, { phrases: ["brake caliper", "calliper"] })]);
    expect(both.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const owners = (await allGroups(world.nobody)).filter((group) => group.phrases.includes("brake caliper"));
    expect(owners).toHaveLength(1);
  });

  it("never lose one of two concurrent edits of a group silently: the second is refused with the group as it is now", async () => {
    const group = await added(["fan belt", "v belt"]);
    const edits = await Promise.all([
      change(world.carol, group.id, { phrases: ["fan belt", "v belt", "vee belt"], version: 1 }),
      change(world.carol, group.id, { phrases: ["fan belt", "v-belt", "alternator belt"], version: 1 }),
    ]);
    expect(edits.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const winner = synonymGroupSavedSchema.parse(edits.find((reply) => reply.status === 200)!.body).group;
    const loser = synonymConflictSchema.parse(edits.find((reply) => reply.status === 409)!.body);
    expect(loser.message).toMatch(/^This group was changed by someone else since you opened it/);
    expect(loser.group).toEqual(winner);
    expect(await groupWith("fan belt")).toEqual(winner);
    // A delete made to the version before the edit is refused as well; at the version now, it goes.
    expect((await remove(world.carol, group.id, 1)).status).toBe(409);
    expect((await remove(world.carol, group.id, 2)).status).toBe(200);
  });

  it("hold at most 500 groups", async () => {
    const { groups } = await readSynonymList();
    const filler = Array.from({ length: MAX_SYNONYM_GROUPS - 1 - groups.length }, (_, i) => ({ _id: new Types.ObjectId().toHexString(), phrases: [`zz filler ${i}`, `zz other ${i}`], version: 1 }));
    await SearchSynonyms.updateOne({ _id: SYNONYM_LIST_ID }, { $push: { groups: { $each: filler } }, $set: { revision: randomUUID() } });
    await added(["last one", "final one"]);
    const full = await add(world.carol, { phrases: ["one more", "another"] });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe("The list holds 500 groups, the most it may: delete or extend a group instead.");
  });

  it("keep a deleted default group deleted when the seed runs again", async () => {
    const tire = (await groupWith("tyre"))!;
    expect((await remove(world.carol, tire.id, tire.version)).status).toBe(200);
    expect(await seedSynonymList()).toBe(0);
    expect(await groupWith("tyre")).toBeUndefined();
  });
});

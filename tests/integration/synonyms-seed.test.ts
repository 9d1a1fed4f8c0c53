import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { DEFAULT_SYNONYM_GROUPS, seedSynonymList } from "@/lib/search/synonym-seed";
import { SYNONYM_LIST_ID, readSynonymList, synonymMap } from "@/lib/search/synonyms";
import { connectDb } from "@/lib/storage/connect";
import { SearchSynonyms } from "@/models/SearchSynonyms";

beforeAll(async () => {
  await connectDb();
});

describe("the seeded synonym list", () => {
  it("installs the default groups on a database that never had a list, and maps each phrase to its group's others", async () => {
    expect(await seedSynonymList()).toBe(DEFAULT_SYNONYM_GROUPS.length);
    const map = await synonymMap();
    expect(map.get("rotor")).toEqual(["disc", "brake disc", "brake rotor"]);
    expect(map.get("brake disc")).toEqual(["rotor", "disc", "brake rotor"]);
    expect(map.get("tyre")).toEqual(["tire"]);
    expect(map.get("spark plug")).toEqual(["plug"]);
    expect(map.get("caliper")).toBeUndefined();
  });

  it("adds nothing the second time, nor when two seeds run at once", async () => {
    expect(await Promise.all([seedSynonymList(), seedSynonymList()])).toEqual([0, 0]);
    expect((await readSynonymList()).groups).toHaveLength(DEFAULT_SYNONYM_GROUPS.length);
  });

  it("keeps a deleted default group deleted", async () => {
    const { groups } = await readSynonymList();
    const kept = groups.filter((group) => !group.phrases.includes("tyre"));
    await SearchSynonyms.updateOne({ _id: SYNONYM_LIST_ID }, { $set: { groups: kept.map(({ id, phrases, version }) => ({ _id: id, phrases, version })), revision: randomUUID() } });
    expect(await seedSynonymList()).toBe(0);
    expect((await synonymMap()).has("tyre")).toBe(false);
    expect((await readSynonymList()).groups).toHaveLength(DEFAULT_SYNONYM_GROUPS.length - 1);
  });

  it("lists the groups A–Z by their first phrase", async () => {
    const firsts = (await readSynonymList()).groups.map((group) => group.phrases[0]);
    expect(firsts).toEqual([...firsts].sort((a, b) => a!.localeCompare(b!)));
  });
});

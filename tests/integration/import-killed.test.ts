import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";
import { Part } from "@/models/Part";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { jobOf, missingFromCatalogue, partOfSku } from "../support/imports";

// The command killed (SIGKILL) while its job runs: the job, taken up again, ends with every row of
// the file as a part in every list, none added twice.

let redis: PrivateRedis;
const COUNT = 60;

beforeAll(async () => {
  redis = await startRedis({ quiet: true });
  await connectDb();
  await ensureIndexes();
}, 60_000);

afterAll(async () => {
  await redis.stop();
});

describe("an import command killed part way", () => {
  it("is resumed to the file's exact parts", async () => {
    const file = path.join(os.tmpdir(), `killed-${process.pid}.csv`);
    writeFileSync(file, ["sku,name,description,price,stock,image_url", ...Array.from({ length: COUNT }, (_, i) => `KILLED-${i},Killed part ${i},A part.,3,2,https://example.com/k.jpg`)].join("\n"));
    const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/data/import.ts", "parts", file], { env: { ...process.env, REDIS_URL: redis.url }, stdio: "ignore", detached: true });
    const end = Date.now() + 60_000;
    // Killed once the batch has stored its parts, while it writes their lists.
    while ((await Part.countDocuments()) === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    // The whole process group (npx, tsx and the command), as a crash would take it.
    process.kill(-child.pid!, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = (await ImportJob.findOne({}).lean())!;
    expect(job.status).toBe("running");
    expect(job.counts?.rows).toBeLessThan(COUNT);
    // As the queue would: tried again while the locks the killed process held have not expired yet.
    for (let tries = 1; ; tries += 1) {
      try {
        await runImport(String(job._id));
        break;
      } catch (error) {
        if (tries === 15) throw error;
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
    }
    expect((await jobOf(String(job._id))).status).toBe("done");
    const parts = await Promise.all(Array.from({ length: COUNT }, (_, i) => partOfSku(`KILLED-${i}`)));
    parts.forEach((part, i) => expect(part, `line ${i + 2}`).toMatchObject({ partsname: `Killed part ${i}`, price: 3 }));
    for (const part of parts) expect(await missingFromCatalogue(part!)).toEqual([]);
  }, 180_000);
});

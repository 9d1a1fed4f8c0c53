import path from "node:path";
import { rmSync } from "node:fs";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPart } from "@/lib/catalogue/commands";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { partSchema } from "@/lib/validation/parts";
import { Fitment } from "@/models/Fitment";
import { User } from "@/models/User";
import { startFerretDB } from "../../scripts/services/ferretdb.mjs";
import { freePort } from "../../scripts/services/server-process.mjs";
import { type Client, signedUpClient } from "../support/client";
import { fitmentDisagreements } from "../support/lists-agree";
import { startServer, type TestServer } from "../support/server";

// An admin imports a fitment file and the database process dies (SIGKILL) part way through. Once it
// is back, every part's lists must agree with its fitment documents, list by list: after the same
// file is sent again, and, without sending it again, once the shop's server has started anew.

type Db = Awaited<ReturnType<typeof startFerretDB>>;
const dataDir = path.join(".data", `vitest-import-crash-${process.pid}`);
let db: Db;
let port: number;
let server: TestServer;
let admin: Client;

const MODELS = [
  ["Toyota", "Corolla"],
  ["Toyota", "Camry"],
  ["Honda", "Civic"],
  ["Honda", "Accord"],
  ["Ford", "Focus"],
  ["Volkswagen", "Golf"],
  ["Mazda", "3"],
] as const;
const YEARS = Array.from({ length: 40 }, (_, i) => 1986 + i);
const HEADER = "part_number,make,model,year_from,year_to,engine,position,note";

/** 280 model years of one part, one row each (every other with an engine), then `extra` rows of another part. */
function importFile(sku: string, otherSku: string, extra: number): { csv: string; modelYears: string[] } {
  const rows = MODELS.flatMap(([make, model]) => YEARS.map((year) => `${sku},${make},${model},${year},,${year % 2 === 0 ? "1.8 L4" : ""},front,`));
  const other = Array.from({ length: extra }, (_, i) => `${otherSku},Honda,Civic,${1970 + i},,,rear,`);
  const modelYears = MODELS.flatMap(([make, model]) => YEARS.map((year) => `${year}|${make.toLowerCase()}|${model.toLowerCase()}`));
  return { csv: [HEADER, ...rows, ...other].join("\n"), modelYears };
}

const newPart = async (partsname: string, sku: string) => (await addPart(partSchema.parse({ partsname, image: "/parts/placeholder.svg", price: 30, quantity: 5, description: "For the import crash test.", sku })))._id;
const sendFile = (csv: string) => admin.call<{ message: string; result: { rows: number; accepted: number; rejected: unknown[] } }>("POST", "/fitment-imports", { body: csv, headers: { "content-type": "text/csv" } });

/** Sends the file, and kills the database process once the first fitment document of `partId` is stored. */
async function importCutShort(csv: string, partId: string): Promise<void> {
  const sending = sendFile(csv);
  const deadline = Date.now() + 20_000;
  while (!(await Fitment.exists({ part: new Types.ObjectId(partId) })) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  process.kill(db.pid!, "SIGKILL");
  await db.exited;
  const reply = await sending;
  expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(500);
  await db.stop();
  db = await startFerretDB({ port, dataDir });
}

/** Sends the file until no row is refused: the dead import's locks expire within 15 s. */
async function sendUntilServed(csv: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reply = await sendFile(csv);
    if ((reply.status === 200 && reply.body.result.rejected.length === 0) || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function page(pathname: string): Promise<string> {
  const reply = await fetch(`${server.baseUrl}${pathname}`);
  expect(reply.status, pathname).toBe(200);
  return reply.text();
}

beforeAll(async () => {
  port = await freePort();
  db = await startFerretDB({ port, dataDir, fresh: true });
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${port}/importcrash`;
  await connectDb();
  await ensureIndexes();
  server = await startServer();
  admin = await signedUpClient(server.baseUrl, "crash-admin@example.com", "Crash Admin");
  await User.updateOne({ email: "crash-admin@example.com" }, { $set: { role: "admin" } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await db?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a fitment import cut short by a database crash", () => {
  it("sending the same file again completes every list the crash left half-written", async () => {
    const rotor = await newPart("Crash test rotor", "CRASH-ROTOR");
    const pads = await newPart("Crash test pads", "CRASH-PADS");
    const { csv, modelYears } = importFile("CRASH-ROTOR", "CRASH-PADS", 56);
    await importCutShort(csv, rotor);
    // The crash left the rotor's documents ahead of its lists.
    expect(await fitmentDisagreements(rotor, modelYears)).not.toEqual([]);

    const again = await sendUntilServed(csv);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result).toMatchObject({ rows: 336, accepted: 336, rejected: [] });
    expect(await fitmentDisagreements(rotor, modelYears)).toEqual([]);
    expect(await fitmentDisagreements(pads, [])).toEqual([]);

    // As a customer sees it: the vehicle page, the catalogue narrowed to the vehicle, the part's own page.
    expect(await page("/vehicles/2020/toyota/corolla")).toContain("Crash test rotor");
    expect(await page("/carparts?vehicle=2020/toyota/corolla")).toContain(rotor);
    expect(await page(`/parts/${rotor}`)).toContain("All 280 vehicles this part fits");
  }, 240_000);

  it("a restarted server completes the lists without the file being sent again", async () => {
    const mount = await newPart("Crash test mount", "CRASH-MOUNT");
    const { csv, modelYears } = importFile("CRASH-MOUNT", "CRASH-PADS", 0);
    await importCutShort(csv, mount);
    expect(await fitmentDisagreements(mount, modelYears)).not.toEqual([]);

    await server.stop();
    server = await startServer();
    const deadline = Date.now() + 60_000;
    let disagreements = await fitmentDisagreements(mount, modelYears);
    while (disagreements.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      disagreements = await fitmentDisagreements(mount, modelYears);
    }
    expect(disagreements).toEqual([]);
    // The documents the crash let through are listed: on their vehicle page and in the catalogue narrowed to the vehicle.
    const stored = await Fitment.find({ part: new Types.ObjectId(mount) }).lean();
    expect(stored.length).toBeGreaterThan(0);
    const { year, make, model } = stored[0]!;
    expect(await page(`/vehicles/${year}/${make}/${model}`)).toContain("Crash test mount");
    expect(await page(`/carparts?vehicle=${year}/${make}/${model}`)).toContain(mount);
  }, 240_000);
});

import { mkdtempSync, readdirSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportJob } from "@/models/ImportJob";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { setUpApiWorld } from "../support/api";
import type { Client } from "../support/client";

// Uploading an import file from the dashboard, on the production server with its own worker (Redis):
// only an admin may, a bad form or a file over the cap (lowered here) leaves no file and no job, and a
// good file answers at once with its job, which the server's worker runs to the end.

const CAP = 4096;
const storedDir = path.join(mkdtempSync(path.join(os.tmpdir(), "upload-test-")), "stored");
let redis: PrivateRedis;

beforeAll(async () => {
  redis = await startRedis({ quiet: true });
  // The server inherits these (scripts/services/next-server.mjs).
  process.env.REDIS_URL = redis.url;
  process.env.IMPORTS_DIR = storedDir;
  process.env.IMPORT_UPLOAD_MAX_BYTES = String(CAP);
}, 60_000);
const world = setUpApiWorld();
afterAll(async () => {
  await redis?.stop();
});

const BOUNDARY = "----upload-test-boundary";
function multipart(fields: Record<string, string>, file?: { name: string; content: string }): Uint8Array<ArrayBuffer> {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`);
  return new Uint8Array(Buffer.from(`${parts.join("")}--${BOUNDARY}--\r\n`));
}
const upload = (client: Client, body: Uint8Array<ArrayBuffer>, accept = "application/json") =>
  client.call<{ success: boolean; message?: string; id?: string }>("POST", "/imports", { body, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept } });

const storedFiles = (): string[] => {
  try {
    return readdirSync(storedDir);
  } catch {
    return [];
  }
};

const sku = `UPL-${Date.now().toString(36).toUpperCase()}`;
const PARTS = [
  "sku,mpn,name,description,price,stock,image_url",
  `${sku}-1,${sku}M1,Uploaded part one,A part.,5,3,https://example.com/u.jpg`,
  `${sku}-2,${sku}M2,Uploaded part two,A part.,6,3,https://example.com/u.jpg`,
  `=1+1,,Bad part,A part.,-1,3,https://example.com/u.jpg`,
].join("\n");

describe("POST /imports", () => {
  it("refuses signed-out visitors (401) and customers (403)", async () => {
    const body = multipart({ kind: "parts" }, { name: "p.csv", content: PARTS });
    expect((await upload(world.nobody, body)).status).toBe(401);
    const customer = await upload(world.alice, body);
    expect(customer.status).toBe(403);
    expect(customer.body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it.each([
    [{ kind: "wheels" }, /kind must be parts or fitment/],
    [{ kind: "parts", mode: "replace" }, /Replace mode is for fitment files only/],
    [{ kind: "fitment", mode: "swap" }, /mode must be merge or replace/],
  ])("refuses a bad form %j with 400, storing nothing", async (fields, message) => {
    const before = await ImportJob.countDocuments();
    const reply = await upload(world.carol, multipart(fields, { name: "p.csv", content: PARTS }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(message);
    expect(storedFiles()).toEqual([]);
    expect(await ImportJob.countDocuments()).toBe(before);
  });

  it("refuses a bad or missing kind before storing the file: a file over the cap behind a bad form is a 400, not a 413, and nothing is stored", async () => {
    const before = await ImportJob.countDocuments();
    const big = { name: "big.csv", content: "x".repeat(CAP * 4) };
    const forms: Record<string, string>[] = [{ kind: "wheels" }, {}, { kind: "fitment", mode: "swap" }];
    for (const fields of forms) {
      const reply = await upload(world.carol, multipart(fields, big));
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.body.message).toMatch(/kind must be parts or fitment|mode must be merge or replace/);
      expect(storedFiles()).toEqual([]);
    }
    expect(await ImportJob.countDocuments()).toBe(before);
  });

  it("refuses a file sent before the form's kind (the fields come first), storing nothing", async () => {
    const before = await ImportJob.countDocuments();
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${PARTS}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nparts\r\n--${BOUNDARY}--\r\n`;
    const reply = await upload(world.carol, new Uint8Array(Buffer.from(body)));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/kind must be parts or fitment, sent before the file/);
    expect(storedFiles()).toEqual([]);
    expect(await ImportJob.countDocuments()).toBe(before);
  });

  it("answers a body busboy cannot read with a fixed message, not busboy's own words", async () => {
    const cut = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nparts\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n\r\n${PARTS}`;
    const reply = await upload(world.carol, new Uint8Array(Buffer.from(cut)));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe("The form's multipart body cannot be read: send it as a browser's form does (kind, mode, then the file).");
    expect(reply.body.message).not.toMatch(/Unexpected end of form/i);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses no file and an empty file with 400", async () => {
    expect((await upload(world.carol, multipart({ kind: "parts" }))).body.message).toMatch(/Choose a file/);
    const empty = await upload(world.carol, multipart({ kind: "parts" }, { name: "e.csv", content: "" }));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file over the cap with 413, leaving no file and no job", async () => {
    const before = await ImportJob.countDocuments();
    const reply = await upload(world.carol, multipart({ kind: "parts" }, { name: "big.csv", content: "x".repeat(CAP + 1) }));
    expect(reply.status).toBe(413);
    expect(reply.body.message).toMatch(new RegExp(`larger than the ${CAP}-byte cap`));
    expect(storedFiles()).toEqual([]);
    expect(await ImportJob.countDocuments()).toBe(before);
  });

  it("refuses a chunked body (no declared length) over the cap with 413 too: the handler, not the server's filter, counts it as it arrives", async () => {
    const before = await ImportJob.countDocuments();
    const whole = multipart({ kind: "parts" }, { name: "chunked.csv", content: "y".repeat(CAP * 20) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < whole.byteLength; at += 1024) controller.enqueue(whole.slice(at, at + 1024));
        controller.close();
      },
    });
    const reply = await fetch(`${world.server.baseUrl}/imports`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { cookie: world.carol.cookieHeader(), origin: world.server.baseUrl, accept: "application/json", "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit & { duplex: "half" });
    expect(reply.status).toBe(413);
    // The handler's message: the filter (lib/server/body-cap.ts) would have held the body in memory and said "The request body is larger".
    expect(((await reply.json()) as { message: string }).message).toMatch(new RegExp(`larger than the ${CAP}-byte cap`));
    expect(storedFiles()).toEqual([]);
    expect(await ImportJob.countDocuments()).toBe(before);
  });

  it("stops reading an upload once it passes the cap: a sender that never ends its file is answered 413 long before it is done", async () => {
    const limit = 64 * 1024 * 1024;
    const outcome = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const url = new URL("/imports", world.server.baseUrl);
      const request = http.request(url, {
        method: "POST",
        headers: { cookie: world.carol.cookieHeader(), origin: world.server.baseUrl, accept: "application/json", "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "transfer-encoding": "chunked" },
      });
      let sent = 0;
      let answered: number | null = null;
      request.on("response", (response) => {
        answered = response.statusCode ?? 0;
        response.resume();
        resolve({ status: answered, sent });
        request.destroy();
      });
      request.on("error", (error) => (answered === null ? reject(error) : undefined));
      request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nparts\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="endless.csv"\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 121);
      const pump = () => {
        while (answered === null && sent < limit) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        if (answered === null) request.end();
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    // Read to the end, the 64 MiB would all have been sent before the answer.
    expect(outcome.sent).toBeLessThan(limit / 4);
    expect(storedFiles()).toEqual([]);
  });

  it("answers a good upload at once with its job, which the server's worker runs; the refused CSV neutralises formulas", async () => {
    const reply = await upload(world.carol, multipart({ kind: "parts", mode: "merge" }, { name: "parts.csv", content: PARTS }));
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ success: true, kind: "parts", mode: "merge", name: "parts.csv", status: "queued" });
    const id = reply.body.id!;
    expect(reply.headers.get("location")).toBe(`/imports/${id}`);
    const end = Date.now() + 90_000;
    let state: { job: { status: string; counts: Record<string, number>; refusedRows: { line: number; reason: string }[] } } | undefined;
    while (Date.now() < end) {
      state = (await world.carol.call<NonNullable<typeof state>>("GET", `/imports/${id}`)).body;
      if (state.job.status === "done" || state.job.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(state?.job, JSON.stringify(state)).toMatchObject({ status: "done", counts: { rows: 3, accepted: 2, refused: 1, added: 2 } });
    expect(state?.job.refusedRows).toEqual([{ line: 4, reason: expect.any(String) }]);
    const csv = await world.carol.call<string>("GET", `/imports/${id}/refused.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(csv.body).toContain(`'=1+1`);
    const list = await world.carol.call<{ jobs: { id: string }[] }>("GET", "/imports?limit=5");
    expect(list.body.jobs[0]?.id).toBe(id);
    // The next page starts after the last job of this one: an older job, never this one again.
    const second = await upload(world.carol, multipart({ kind: "parts" }, { name: "again.csv", content: PARTS }));
    const [newest, older] = (await world.carol.call<{ jobs: { id: string }[] }>("GET", "/imports?limit=1")).body.jobs.concat(
      (await world.carol.call<{ jobs: { id: string }[] }>("GET", `/imports?limit=1&before=${second.body.id}`)).body.jobs,
    );
    expect([newest?.id, older?.id]).toEqual([second.body.id, id]);
  }, 120_000);

  it("a browser's form post is sent to the job's page (303)", async () => {
    const reply = await upload(world.carol, multipart({ kind: "fitment" }, { name: "f.csv", content: "part_number,make,model,year_from\n" }), "text/html");
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toMatch(/^\/dashboard\/imports\/[0-9a-f]{24}$/);
  });

  it("answers 404 for an unknown job id, 400 for a malformed one (as every path's id) and for a bad limit", async () => {
    expect((await world.carol.call("GET", "/imports/0123456789abcdef01234567")).status).toBe(404);
    expect((await world.carol.call("GET", "/imports/0123456789abcdef01234567/refused.csv")).status).toBe(404);
    expect((await world.carol.call("GET", "/imports/nope")).status).toBe(400);
    expect((await world.carol.call("GET", "/imports/nope/refused.csv")).status).toBe(400);
    expect((await world.carol.call("GET", "/imports?limit=0")).status).toBe(400);
    expect((await world.nobody.call("GET", "/imports")).status).toBe(401);
  });
});

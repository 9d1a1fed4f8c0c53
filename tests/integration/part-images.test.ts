import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { PART_IMAGE_MAX_BYTES, partImageUploadedSchema } from "@/lib/validation/part-image";
import { PART_MESSAGES } from "@/lib/validation/parts";
import { Part } from "@/models/Part";
import { PartImage } from "@/models/PartImage";
import type { Client } from "../support/client";
import { makePart, setUpApiWorld } from "../support/api";
import { PICTURE_STARTS, pngPicture } from "../support/pictures";

const world = setUpApiWorld();

let shade = 0;
/** A PNG no other test uploads (each one a different colour). */
const freshPng = () => pngPicture(8, 6, [200, (shade += 1) % 256, Math.floor(shade / 256)]);

const upload = (client: Client, bytes: Uint8Array, contentType = "image/png", origin?: string | null) =>
  client.call("POST", "/part-images", { body: new Uint8Array(bytes), headers: { "content-type": contentType }, origin });

async function uploaded(bytes: Uint8Array = freshPng()): Promise<string> {
  const reply = await upload(world.carol, bytes);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return partImageUploadedSchema.parse(reply.body).result.url;
}

/**
 * POSTs `total` bytes (a PNG, then zeros) in chunks without a Content-Length, on a connection of its
 * own: the server answers before the body ends and the connection cannot be reused. Gives the status.
 */
function streamedUpload(client: Client, total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const upload = httpRequest(
      `${world.server.baseUrl}/part-images`,
      { method: "POST", agent: false, headers: { "content-type": "image/png", "transfer-encoding": "chunked", cookie: client.cookieHeader(), origin: world.server.baseUrl } },
      (reply) => {
        reply.resume();
        resolve(reply.statusCode ?? 0);
      },
    );
    // Once the server has answered, it may close while the rest is still being written.
    upload.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024);
    upload.write(freshPng());
    const writeMore = (sent: number): void => {
      if (sent >= total) return void upload.end();
      if (upload.write(chunk)) writeMore(sent + chunk.byteLength);
      else upload.once("drain", () => writeMore(sent + chunk.byteLength));
    };
    writeMore(0);
  });
}

const raw = (path: string, headers: Record<string, string> = {}) => fetch(`${world.server.baseUrl}${path}`, { headers });
const pictureCount = () => PartImage.countDocuments();
const pageHtml = async (path: string) => (await raw(path)).text();

describe("an admin uploads a part picture", () => {
  it("is stored and served back with its type, nosniff, a CSP that runs nothing, a year's caching and an ETag", async () => {
    const png = freshPng();
    const reply = await upload(world.carol, png);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { result } = partImageUploadedSchema.parse(reply.body);
    expect(result).toMatchObject({ contentType: "image/png", bytes: png.byteLength });

    const served = await raw(result.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await raw(result.url, { "if-none-match": etag })).status).toBe(304);

    // The same file again: the same address, stored once.
    const before = await pictureCount();
    expect(partImageUploadedSchema.parse((await upload(world.carol, png)).body).result.url).toBe(result.url);
    expect(await pictureCount()).toBe(before);
  });

  it("takes JPEG, WebP and GIF by their content, whatever type the request declares", async () => {
    for (const [bytes, type] of [
      [PICTURE_STARTS.jpeg, "image/jpeg"],
      [PICTURE_STARTS.webp, "image/webp"],
      [PICTURE_STARTS.gif, "image/gif"],
    ] as const) {
      const reply = await upload(world.carol, bytes, "application/octet-stream");
      expect(reply.status, type).toBe(201);
      const { result } = partImageUploadedSchema.parse(reply.body);
      expect((await raw(result.url)).headers.get("content-type")).toBe(type);
    }
  });

  it("refuses a file that is not a picture by its content, though sent as a PNG, and an SVG (415)", async () => {
    const before = await pictureCount();
    for (const [bytes, type] of [
      [PICTURE_STARTS.text, "image/png"],
      [PICTURE_STARTS.svg, "image/svg+xml"],
      [PICTURE_STARTS.svg, "image/png"],
    ] as const) {
      const reply = await upload(world.carol, bytes, type);
      expect(reply.status).toBe(415);
      expect(reply.body).toEqual({ success: false, message: "The file is not a JPEG, PNG, WebP or GIF picture (checked by its content, not its name)." });
    }
    expect(await pictureCount()).toBe(before);
  });

  it(`takes a picture of ${PART_IMAGE_MAX_BYTES} bytes, refuses a larger one with 413, declared or streamed, and an empty body with 400`, async () => {
    const png = freshPng();
    const atTheLimit = Buffer.concat([png, Buffer.alloc(PART_IMAGE_MAX_BYTES - png.byteLength)]);
    const accepted = await upload(world.carol, atTheLimit);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const served = await raw(partImageUploadedSchema.parse(accepted.body).result.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(atTheLimit)).toBe(true);

    const before = await pictureCount();
    const tooLarge = Buffer.concat([atTheLimit, Buffer.alloc(1)]);
    const declared = await upload(world.carol, tooLarge);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ success: false, message: `The request body is larger than ${PART_IMAGE_MAX_BYTES} bytes.` });

    // No Content-Length: the body is streamed in chunks and refused once it passes the limit.
    expect(await streamedUpload(world.carol, 4 * PART_IMAGE_MAX_BYTES)).toBe(413);

    const empty = await upload(world.carol, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await pictureCount()).toBe(before);
  });

  it("is for admins only: a visitor gets 401, a customer 403, another site 403, and nothing is stored", async () => {
    const before = await pictureCount();
    expect((await upload(world.nobody, freshPng())).status).toBe(401);
    expect((await upload(world.alice, freshPng())).status).toBe(403);
    const crossSite = await upload(world.carol, freshPng(), "image/png", "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ success: false, message: expect.stringContaining("Cross-site") });
    expect(await pictureCount()).toBe(before);
  });

  it("answers 404 for an unknown picture and 400 for a malformed id, in the API's error shape", async () => {
    const unknown = await world.nobody.get(`/part-images/${"0".repeat(64)}`);
    expect(unknown).toMatchObject({ status: 404, body: { success: false } });
    const malformed = await world.nobody.get("/part-images/not-a-picture");
    expect(malformed).toMatchObject({ status: 400, body: { success: false } });
  });
});

describe("parts show the pictures admins give them", () => {
  it("a part added with an uploaded picture shows it on its page, in its structured data and in the catalogue", async () => {
    const url = await uploaded();
    const name = `Uploaded picture pump ${Date.now()}`;
    const added = await world.carol.post<{ result: { _id: string } }>("/carparts", { partsname: name, image: url, price: 30, quantity: 4, description: "A pump with a photo." });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const page = await pageHtml(`/parts/${added.body.result._id}`);
    expect(page).toContain(`src="${url}"`);
    expect(page).toContain(`<meta property="og:image" content="${world.server.baseUrl}${url}"/>`);
    expect(await pageHtml(`/parts?q=${encodeURIComponent(name)}`)).toContain(`src="${url}"`);
  });

  it("a part given an https link shows that picture on its page and in the catalogue", async () => {
    const link = "https://cdn.example.com/photos/alternator.jpg";
    const name = `Linked picture alternator ${Date.now()}`;
    const added = await world.carol.post<{ result: { _id: string } }>("/carparts", { partsname: name, image: link, price: 80, quantity: 2, description: "An alternator." });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await pageHtml(`/parts/${added.body.result._id}`)).toContain(`src="${link}"`);
    expect(await pageHtml(`/parts?q=${encodeURIComponent(name)}`)).toContain(`src="${link}"`);
  });

  it("an http link is refused when a part is added or edited, and changes nothing", async () => {
    const refused = await world.carol.post("/carparts", { partsname: "Insecure picture part", image: "http://cdn.example.com/a.jpg", price: 5, quantity: 1, description: "x" });
    expect(refused).toMatchObject({ status: 400, body: { success: false, message: `image: ${PART_MESSAGES.image}` } });
    const part = await makePart();
    const edit = await world.carol.put(`/carparts/${part._id}`, { image: "http://cdn.example.com/a.jpg" });
    expect(edit.status).toBe(400);
    expect((await Part.findById(part._id).lean())?.image).toBe(part.image);
  });

  it("an admin changes a part's picture to an uploaded one, and its page shows the new picture", async () => {
    const part = await makePart();
    const url = await uploaded();
    const edit = await world.carol.put(`/carparts/${part._id}`, { image: url });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await pageHtml(`/parts/${part._id}`)).toContain(`src="${url}"`);
  });

  it("a seeded part keeps its shipped illustration when an admin edits it", async () => {
    const part = await Part.create({ partsname: `Shipped picture part ${Date.now()}`, image: "/parts/brake-disc.svg", price: 5, quantity: 1, description: "x" });
    const edit = await world.carol.put(`/carparts/${part._id}`, { image: "/parts/brake-disc.svg", price: 6 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });
});

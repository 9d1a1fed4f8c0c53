import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveWay } from "@/lib/imports/give-way";
import { customersServed } from "@/lib/server/customers-served";
import { installRequestFilter } from "@/lib/server/server-lifecycle";

// An import job gives way to customers: the node:http layer the shop's server runs behind counts the
// requests being served, and the job's pause after a step lasts while they are (at most the step's
// own time), and not at all when nobody is shopping.

let server: http.Server;
let base: string;
const held: (() => void)[] = [];

beforeAll(async () => {
  await installRequestFilter();
  // Each reply waits until the test lets it go: a customer's request being served.
  server = http.createServer((_request, response) => void held.push(() => response.end("{}")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  held.splice(0).forEach((reply) => reply());
  await new Promise((resolve) => server.close(resolve));
});

const timed = async (work: () => Promise<void>) => {
  const started = Date.now();
  await work();
  return Date.now() - started;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A request to the shop, answered once the test lets it go. */
async function customerArrives(pathname = "/carparts"): Promise<{ answered: Promise<Response> }> {
  const answered = fetch(`${base}${pathname}`);
  while (held.length === 0) await sleep(10);
  return { answered };
}

describe("an import job giving way to customers", () => {
  it("does not pause with nobody shopping", async () => {
    await sleep(600);
    expect(customersServed(500)).toBe(false);
    expect(await timed(() => giveWay(2_000))).toBeLessThan(200);
  });

  it("pauses while a customer is served, at most as long as its step took", async () => {
    const { answered } = await customerArrives();
    expect(customersServed(500)).toBe(true);
    const paused = await timed(() => giveWay(700));
    expect(paused).toBeGreaterThanOrEqual(650);
    expect(paused).toBeLessThan(1_500);
    held.shift()!();
    await answered;
  });

  it("goes on soon after the last customer's reply, rather than for the whole step", async () => {
    const { answered } = await customerArrives();
    const pause = timed(() => giveWay(10_000));
    await sleep(300);
    held.shift()!();
    await answered;
    // The reply closed, then half a second of quiet.
    const paused = await pause;
    expect(paused).toBeGreaterThanOrEqual(700);
    expect(paused).toBeLessThan(2_500);
    expect(customersServed(500)).toBe(false);
  });

  it("stops counting a pipelined request whose client hung up before its reply's turn", async () => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    await once(socket, "connect");
    socket.write("GET /carparts HTTP/1.1\r\nHost: shop\r\n\r\nGET /carparts/2 HTTP/1.1\r\nHost: shop\r\n\r\n");
    while (held.length < 2) await sleep(10);
    expect(customersServed(500)).toBe(true);
    socket.destroy();
    await sleep(700);
    expect(customersServed(500)).toBe(false);
    held.splice(0).forEach((reply) => reply());
  });

  it("does not count the imports' own API (the job's page asking for its progress) as customers", async () => {
    await sleep(600);
    const { answered } = await customerArrives("/imports/0123456789abcdef01234567");
    expect(customersServed(500)).toBe(false);
    held.shift()!();
    await answered;
  });
});

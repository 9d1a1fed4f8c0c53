import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { isGatedRead, lineOfReads } from "@/lib/server/read-gate";

// The line of reads in front of Next (lib/server/read-gate.ts), with stand-ins for node:http's
// request and reply: a reply "closes" when it has been sent or its client has gone.

function read(line: ReturnType<typeof lineOfReads>, name: string, log: string[], { gone = false } = {}) {
  const response = Object.assign(new EventEmitter(), { destroy: () => undefined });
  line({ socket: { destroyed: gone } as never }, response as never, () => log.push(`start ${name}`), () => log.push(`busy ${name}`));
  return { finish: () => response.emit("close") };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the line of reads", () => {
  it("starts as many reads as it has slots, the next ones in order as replies finish, and turns away what its line cannot hold", async () => {
    const log: string[] = [];
    const line = lineOfReads(2, 2);
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => read(line, name, log));
    read(line, "e", log);
    await turn();
    expect(log).toEqual(["start a", "start b", "busy e"]);
    b!.finish();
    await turn();
    expect(log.at(-1)).toBe("start c");
    a!.finish();
    c!.finish();
    await turn();
    expect(log.at(-1)).toBe("start d");
    d!.finish();
  });

  it("skips a reader who left while waiting, so its slot is not held by nobody", async () => {
    const log: string[] = [];
    const line = lineOfReads(1, 5);
    const first = read(line, "first", log);
    read(line, "left", log, { gone: true });
    const last = read(line, "last", log);
    first.finish();
    await turn();
    await turn();
    expect(log).toEqual(["start first", "start last"]);
    last.finish();
  });

  it("lets a slot go after its hold time even if the reply is still going, so slow readers cannot hold every slot", async () => {
    const log: string[] = [];
    const line = lineOfReads(1, 5, 20);
    read(line, "slow reader", log);
    const next = read(line, "next", log);
    await turn();
    expect(log).toEqual(["start slow reader"]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(log).toEqual(["start slow reader", "start next"]);
    next.finish();
  });

  it("holds back only reads, not the build's static files: writes wait on the database, static files on their client", () => {
    expect(["GET", "HEAD"].map((method) => isGatedRead(method, "/parts"))).toEqual([true, true]);
    expect(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", undefined].map((method) => isGatedRead(method, "/orderd"))).toEqual([false, false, false, false, false, false]);
    expect(isGatedRead("GET", "/_next/static/chunks/main.js")).toBe(false);
    expect(isGatedRead("GET", "/parts/brake-disc.svg")).toBe(true);
  });
});

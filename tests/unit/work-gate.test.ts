import { describe, expect, it } from "vitest";
import { replyForError } from "@/lib/http/route";
import { PasswordHashingBusyError } from "@/lib/errors";
import { GateBusyError, WorkGate } from "@/lib/server/work-gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("WorkGate", () => {
  it("runs at most `slots` tasks at once, queues the next ones in order and refuses beyond the queue", async () => {
    const gate = new WorkGate(1, 2);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string, done: Promise<void>) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(name);
      await done;
      running -= 1;
      return name;
    };
    const [a, b, c] = [deferred(), deferred(), deferred()];
    const first = gate.run(task("a", a.promise));
    const second = gate.run(task("b", b.promise));
    const third = gate.run(task("c", c.promise));
    await expect(gate.run(task("d", Promise.resolve()))).rejects.toBeInstanceOf(GateBusyError);
    c.resolve();
    b.resolve();
    a.resolve();
    expect(await Promise.all([first, second, third])).toEqual(["a", "b", "c"]);
    expect(order).toEqual(["a", "b", "c"]);
    expect(most).toBe(1);
  });

  it("frees its slot when a task fails", async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(() => Promise.resolve("next"))).toBe("next");
  });
});

describe("password hashing refused while the gate is full", () => {
  it("is a 503 with Retry-After and a message a person can act on, never a 500", async () => {
    const reply = replyForError(new PasswordHashingBusyError());
    expect(reply.status).toBe(503);
    expect(reply.headers.get("retry-after")).toBe("2");
    expect(await reply.json()).toEqual({ success: false, message: "Sign-in is busy just now; please try again in a moment." });
  });
});

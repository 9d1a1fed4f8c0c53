import type { IncomingMessage, ServerResponse } from "node:http";
import { redisConfigured } from "@/lib/redis/connection.mjs";
import { GateBusyError, WorkGate } from "@/lib/server/work-gate";

// Reads (GET and HEAD: pages and API reads) are handed to Next a few at a time, the rest waiting
// in line here. A Node process runs every request it has started on one thread: given a crowd at
// once, each turn of its event loop serves all of them, so a turn takes hundreds of milliseconds,
// and an order, which waits on the database a dozen times, waits that long each time, as does a
// new connection (accepted once a turn). In line, turns stay short; writes (orders, sign-in, admin
// changes) mostly wait on the database, not the processor, and never queue here.

const slotsFrom = (text: string | undefined, fallback: number) => (Number.isInteger(Number(text)) && Number(text) > 0 ? Number(text) : fallback);

/**
 * Reads Next works on at once: enough to keep the processor busy while some wait on the database,
 * few enough that an order's dozen waits on the database are not each a long turn. Under npm run
 * load, with the cache in this process, 4 left the processor idle (178 req/s), 16 doubled the
 * orders' time (1.6 s against 0.74 s) for no more throughput than 8. With the cache in Redis
 * (REDIS_URL) every cached page is a round trip away: 8 left the processor idle (162 req/s against
 * 213 with 16).
 */
export const READ_SLOTS = slotsFrom(process.env.SHOP_READ_SLOTS, redisConfigured() ? 16 : 8);
/** Reads that may wait for a slot; past that a read is answered 503 at once, so a flood is turned away rather than queued for ever. */
export const READ_QUEUE = slotsFrom(process.env.SHOP_READ_QUEUE, 2_000);
/**
 * The longest a read keeps its slot: the processor's part of a read comes first, and a reply still
 * going after this is waiting on its client (a slow reader, on purpose or not) rather than on us.
 */
const READ_SLOT_HOLD_MS = 5_000;

/**
 * Reads wait in line, except the build's static files (scripts, styles, fonts), which cost the
 * processor next to nothing and may be large, so a slow client's download would hold a slot.
 */
export const isGatedRead = (method: string | undefined, pathname: string): boolean => (method === "GET" || method === "HEAD") && !pathname.startsWith("/_next/static/");

type Request = Pick<IncomingMessage, "socket">;
type Response = Pick<ServerResponse, "once" | "destroy">;

/**
 * A line of reads: `whenSlotFree` starts a read when one of `slots` is free, and lets its slot go
 * when its reply is sent, its client has gone or `holdMs` have passed; `busy` answers a read the
 * line has no room for.
 */
export function lineOfReads(slots: number, queue: number, holdMs = READ_SLOT_HOLD_MS) {
  const gate = new WorkGate(slots, queue);
  return function whenSlotFree(request: Request, response: Response, start: () => void, busy: () => void): void {
    gate
      .run(
        () =>
          new Promise<void>((resolve) => {
            // A client that left while it waited: its turn passes to the next.
            if (request.socket.destroyed) return resolve();
            const timer = setTimeout(done, holdMs);
            timer.unref();
            function done() {
              clearTimeout(timer);
              resolve();
            }
            response.once("finish", done);
            response.once("close", done);
            start();
          }),
      )
      .catch((error: unknown) => {
        if (error instanceof GateBusyError) return busy();
        // Next's handler threw before answering: the connection is dropped rather than left hanging.
        console.error("[server] a read failed before it was answered", error);
        response.destroy();
      });
  };
}

/** The server's line of reads (lib/server/server-lifecycle.ts). */
export const whenReadSlotFree = lineOfReads(READ_SLOTS, READ_QUEUE);

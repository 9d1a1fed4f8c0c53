import type { ServerResponse } from "node:http";

// Whether this process is serving customers now: the node:http layer (server-lifecycle.ts) counts
// every request it hands on until its reply closes, and notes when the last one closed. Work that
// can wait (a catalogue import's job) gives way while customers are served (lib/imports/give-way.ts).

let inFlight = 0;
let lastClosedAt = 0;

/** Counts the request whose reply this is until the reply closes (sent, or its client gone). */
export function servingCustomer(response: ServerResponse): void {
  inFlight += 1;
  response.once("close", () => {
    inFlight -= 1;
    lastClosedAt = Date.now();
  });
}

/** Whether a request is being served, or one ended within `quietMs`: a customer browsing sends the next soon after. */
export function customersServed(quietMs: number): boolean {
  return inFlight > 0 || Date.now() - lastClosedAt < quietMs;
}

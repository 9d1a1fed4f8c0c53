import type { IncomingMessage, ServerResponse } from "node:http";

// Whether this process is serving customers now: the node:http layer (server-lifecycle.ts) counts
// every request it hands on until its reply closes or its connection does, and notes when the last
// one ended. Work that can wait (a catalogue import's job) gives way while customers are served
// (lib/imports/give-way.ts). Not counted: the build's static files, which cost next to nothing, and
// the imports' own API (an admin's upload, the job's page asking for its progress each second),
// which would otherwise slow the very job it watches.

let inFlight = 0;
let lastEndedAt = 0;

/**
 * Counts the request until its reply closes (sent, or its client gone) or its connection closes,
 * whichever comes first: a pipelined reply still waiting for its turn never closes itself when the
 * client hangs up, and would otherwise be counted for ever.
 */
export function servingCustomer(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? "/";
  if (url.startsWith("/_next/static/") || url === "/imports" || url.startsWith("/imports/") || url.startsWith("/imports?")) return;
  inFlight += 1;
  const socket = request.socket;
  const ended = () => {
    response.off("close", ended);
    socket.off("close", ended);
    inFlight -= 1;
    lastEndedAt = Date.now();
  };
  response.once("close", ended);
  socket.once("close", ended);
}

/** Whether a request is being served, or one ended within `quietMs`: a customer browsing sends the next soon after. */
export function customersServed(quietMs: number): boolean {
  return inFlight > 0 || Date.now() - lastEndedAt < quietMs;
}

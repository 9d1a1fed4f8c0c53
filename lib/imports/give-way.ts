import "server-only";
import { customersServed } from "@/lib/server/customers-served";

// An import job gives way to the shop's customers: after each step of its work (a hold of parts, a
// part's fitment) it pauses while this process is serving customers, for at most as long as the
// step took. Beside a steady crowd the job goes on at half its pace or more, and the database it
// shares with them is idle half the time; with nobody shopping (a night's import) it never waits.
// The job's worker runs in a server process, so these are the customers of that process; those of
// other processes behind the same balancer are not seen.

/** A customer's request ended this recently: the shop counts as busy (a page's next request follows within it). */
const QUIET_MS = 500;
/** How often a paused job looks again. */
const LOOK_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Pauses while customers are being served, up to `stepMs` (how long the step just done took). */
export async function giveWay(stepMs: number): Promise<void> {
  const until = Date.now() + stepMs;
  while (Date.now() < until && customersServed(QUIET_MS)) await sleep(Math.min(LOOK_MS, until - Date.now()));
}

/** Runs `step`, then gives way for as long as it took. */
export async function givingWay<T>(step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  await giveWay(Date.now() - started);
  return result;
}

import "server-only";
import { logUnexpected } from "@/lib/storage/database-down";
import { type Outcome, batchesByKey } from "@/lib/storage/batches";
import { LockBusyError } from "@/lib/storage/lock";
import { type NewOrderOf, storeOrdersLocked } from "@/lib/orders/lines-take";
import type { Placed } from "@/lib/orders/placed-records";
import { stockChanged } from "@/lib/cache/tags";
import { withAllPartsLocked, withFreeLockedParts } from "@/lib/stock/part-stock";

// Orders of several parts are stored in rounds, as one-part orders are (lib/orders/order-rounds.ts):
// the orders that arrive together share one write taking their parts' locks, one stock write per
// part and one insert, each order still all or nothing. An order with a part whose lock is held
// elsewhere waits for all its parts alone, so it delays no other order.

/** Orders of several parts in progress in one server process; past this a caller is told to try again (503). */
const MAX_ORDERS_IN_PROGRESS = 2_000;

/** Stores one order holding every one of its parts' locks, waited for in sorted order. */
async function storeAlone(input: NewOrderOf): Promise<Placed> {
  const [outcome] = await withAllPartsLocked(
    input.lines.map((line) => line.partId),
    (parts) => storeOrdersLocked([input], parts),
  );
  if (!outcome || "error" in outcome) throw outcome?.error;
  return outcome.value;
}

/**
 * Stores one round: the locks of all its orders' parts that are free are taken in one write, every
 * part read under its lock (a refusal rests on the part as it is now); the orders whose parts are
 * all held are checked and stored together; the others, once the round has let its locks go, wait
 * for their parts alone (waiting inside the round would wait for the round's own locks).
 */
async function storeRound(requests: NewOrderOf[]): Promise<Outcome<Placed | Promise<Placed>>[]> {
  const partIds = [...new Set(requests.flatMap((request) => request.lines.map((line) => line.partId)))];
  const waiting: number[] = [];
  const outcomes = await withFreeLockedParts(
    partIds,
    async (parts, busy) => {
      const held = new Set(busy);
      const together: number[] = [];
      requests.forEach((request, i) => (request.lines.some((line) => held.has(line.partId)) ? waiting : together).push(i));
      const stored = await storeOrdersLocked(
        together.map((i) => requests[i]!),
        parts,
      );
      const outcomes: Outcome<Placed | Promise<Placed>>[] = [];
      together.forEach((i, n) => (outcomes[i] = stored[n]!));
      return outcomes;
    },
    () => false,
  );
  const taken = new Set(outcomes.flatMap((outcome) => (outcome && "value" in outcome ? (outcome.value as Placed).order.lines!.map((line) => String(line.partId)) : [])));
  // Not awaited: the stock on cached pages is only marked stale, and a slow Redis must not hold the round.
  if (taken.size > 0) stockChanged([...taken]).catch((error: unknown) => logUnexpected("[orders] marking the stock stale failed", error));
  for (const i of waiting) {
    const placing = storeAlone(requests[i]!);
    placing.catch(() => undefined); // its caller awaits it once the round is answered
    placing.then(
      ({ order }) => stockChanged(order.lines!.map((line) => String(line.partId))).catch((error: unknown) => logUnexpected("[orders] marking the stock stale failed", error)),
      () => undefined,
    );
    outcomes[i] = { value: placing };
  }
  return outcomes;
}

/** Stores one order of several parts in the next round; a crowd past MAX_ORDERS_IN_PROGRESS is told to try again (503). */
const storeInRound = batchesByKey<NewOrderOf, Placed | Promise<Placed>>((_round, requests) => storeRound(requests), {
  maxItems: MAX_ORDERS_IN_PROGRESS,
  busy: () => new LockBusyError("The shop is busy with other orders; please try again in a moment."),
});

/** Stores an order of several parts, all or nothing; resolves once it is stored (its lists and totals under way). */
export async function storeOrderOfLines(input: NewOrderOf): Promise<Placed> {
  return await storeInRound("orders", input);
}

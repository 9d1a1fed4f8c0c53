import "server-only";
import { numberSequence } from "@/lib/storage/sequence";

// Order numbers customers and staff quote: "AP-100001", "AP-100002"…, unique across server
// processes. Each process hands out blocks of a hundred, so numbers are not in the order the
// orders were placed across processes, and a restart leaves a gap.

const orderSequence = numberSequence("orders", { blockSize: 100 });

/** Where the numbers start, so every number has the same six digits for a long while. */
const FIRST_NUMBER = 100_000;

/** `count` new order numbers. */
export async function newOrderNumbers(count: number): Promise<string[]> {
  return (await orderSequence.take(count)).map((n) => `AP-${FIRST_NUMBER + n}`);
}

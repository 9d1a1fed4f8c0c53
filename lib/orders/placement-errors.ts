import { ConflictError } from "@/lib/errors";
import { formatPrice } from "@/lib/site/format";

// Why an order of several lines was refused as a whole (409), with what a client needs to show it.

/** A line the stock cannot fill now: what was wanted and what is left. */
export type ShortLine = { partId: string; partsname: string; wanted: number; available: number };

/** "Only 3 left of Brake pads. Out of stock: Brake disc." */
export function shortLinesMessage(lines: ShortLine[]): string {
  const few = lines.filter((line) => line.available > 0).map((line) => `Only ${line.available} left of ${line.partsname}.`);
  const none = lines.filter((line) => line.available === 0).map((line) => line.partsname);
  return [...few, ...(none.length > 0 ? [`Out of stock: ${none.join(", ")}.`] : [])].join(" ");
}

/** Some lines are short: nothing was taken, and every short line is named (`shortLines`). */
export class ShortLinesError extends ConflictError {
  constructor(readonly shortLines: ShortLine[]) {
    super(shortLinesMessage(shortLines), { shortLines });
  }
}

/** The total now differs from the one the customer reviewed: nothing was taken; `total` is the new one. */
export class PricesChangedError extends ConflictError {
  constructor(readonly total: number) {
    super(`Prices changed since you reviewed your order: the total is now ${formatPrice(total)}.`, { total });
  }
}

const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "$64" for whole dollars, "$64.50" otherwise, thousands grouped ("$4,199,958"): the spec shows
 * prices with a $ sign. One fixed locale, so the server's HTML and the browser's render agree.
 */
export function formatPrice(price: number): string {
  return `$${(Number.isInteger(price) ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(price)}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Jan 5, 2026": one fixed locale and zone, so the server's HTML and the browser's render agree. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE_FORMAT.format(date);
}

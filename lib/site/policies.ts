// The shop's returns and shipping terms. The /returns and /shipping pages render them and every
// part's JSON-LD Offer states them (lib/catalogue/jsonld.ts), so what a search engine shows and
// what a customer reads cannot disagree: change a term here and both change.

/** Where the shop sells and ships: prices are in US dollars (SPEC's $ sign, the Offer's USD). */
export const SHOP_COUNTRY = { code: "US", name: "the United States" } as const;
export const SHOP_CURRENCY = "USD";

/** When the terms below last changed (the policy pages' date and their sitemap lastmod). */
export const POLICIES_UPDATED = "2026-11-26";

export const RETURN_POLICY = {
  /** Days from delivery within which a part may be sent back. */
  days: 30,
  /** Returns come back by mail, on a prepaid label the shop emails: the customer pays nothing. */
  freeReturnShipping: true,
} as const;

/** Whole days, the fewest and the most. */
export type DayRange = { min: number; max: number };

export const SHIPPING_POLICY = {
  /** Standard shipping costs nothing on every order. */
  rate: 0,
  /** Business days from the order until the parcel leaves the warehouse. */
  handlingDays: { min: 1, max: 2 },
  /** Business days the carrier takes to deliver. */
  transitDays: { min: 2, max: 5 },
} as const satisfies { rate: number; handlingDays: DayRange; transitDays: DayRange };

/** "2 to 5 business days", or "1 business day" when the range is a single day. */
export function businessDays({ min, max }: DayRange): string {
  if (min === max) return `${max} business ${max === 1 ? "day" : "days"}`;
  return `${min} to ${max} business days`;
}

// The price ranges of the catalogue's price facet (lib/catalogue/facets.ts). Kept free of imports:
// the catalogue's query string (lib/catalogue/query-string.ts) reads them, and next.config.ts loads that.

/** Price ranges in cents, as a customer shops: each from `min` (inclusive) to the next one's. */
export const PRICE_BANDS = [
  { id: "under-25", label: "Under $25", min: 0 },
  { id: "25-50", label: "$25 to $50", min: 2500 },
  { id: "50-100", label: "$50 to $100", min: 5000 },
  { id: "100-250", label: "$100 to $250", min: 10000 },
  { id: "250-up", label: "$250 and up", min: 25000 },
] as const;

export type PriceBand = (typeof PRICE_BANDS)[number]["id"];

export const isPriceBand = (value: unknown): value is PriceBand => PRICE_BANDS.some((band) => band.id === value);


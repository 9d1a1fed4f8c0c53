import type { PartDoc } from "@/models/Part";

// What the lists of a part are made of, for every list that holds parts: the catalogue's sorts,
// searches, numbers and facets (lib/catalogue/lists.ts) and the vehicles' lists (lib/fitment/lists.ts).

/** What the lists need of a part. */
export type ListedPart = Pick<PartDoc, "_id" | "partsname" | "price" | "description"> &
  Partial<Pick<PartDoc, "brand" | "category" | "mpn" | "sku" | "gtin" | "oemNumbers" | "universal">> & { createdAt?: Date | null };

/** The projection that reads a ListedPart. */
export const LISTED_FIELDS = { partsname: 1, price: 1, description: 1, createdAt: 1, brand: 1, category: 1, mpn: 1, sku: 1, gtin: 1, oemNumbers: 1, universal: 1 } as const;

/** What a part's entries in the sorts' lists and its search entry are made of. */
export type SortedPart = Pick<ListedPart, "_id" | "partsname" | "price" | "createdAt" | "brand" | "category">;
/** The projection that reads a SortedPart. */
export const SORTED_FIELDS = { partsname: 1, price: 1, createdAt: 1, brand: 1, category: 1 } as const;

export const priceCents = (price: number) => Math.max(0, Math.round(price * 100));
// A part written straight into the collection may lack createdAt: its id's time stands in.
export const addedAt = (part: Pick<ListedPart, "_id" | "createdAt">) => (part.createdAt ?? part._id.getTimestamp()).getTime();

import "server-only";
import { cache } from "react";
import { findPart } from "@/lib/catalogue/queries";
import { cachedPart } from "@/lib/catalogue/cached-reads";

/** One cached lookup per request, shared by the part page's layout, metadata and page. */
export const getPart = cache(cachedPart);

/** One fresh lookup per request (the stock must be current), shared by the purchase page's layout and page. */
export const getFreshPart = cache(findPart);

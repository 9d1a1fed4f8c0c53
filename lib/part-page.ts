import { cache } from "react";
import { cachedPart } from "@/lib/public-data";

/** One cached lookup per request, shared by the part page's layout, metadata and page. */
export const getPart = cache(cachedPart);

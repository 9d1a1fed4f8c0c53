import { cache } from "react";
import { findPart } from "@/lib/catalogue";

/** One lookup per request, shared by the part page's layout, metadata and page. */
export const getPart = cache(findPart);

import { notFound } from "next/navigation";
import { INDEX_VARIANT } from "@/lib/cache/cached-routes";

/** A single-version cached page (home, blog, portfolio, returns, shipping) exists only as its index variant; any other is a 404. */
export async function requireIndexVariant(params: Promise<{ v: string }>): Promise<void> {
  if ((await params).v !== INDEX_VARIANT) notFound();
}

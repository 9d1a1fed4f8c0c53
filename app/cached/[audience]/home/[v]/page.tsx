import type { Metadata } from "next";
import { HomeView, homeData, homeMetadata } from "@/components/home/HomeView";
import { requireIndexVariant } from "@/lib/cache/cached-page";

// Reached through the rewrite (lib/cache/cached-routes.ts) of /. Rendered on the first request (never at build
// time: the canonical URL comes from the runtime SITE_URL), then served from Next's cache
// until a write expires its "parts" or "reviews" tag.
export function generateStaticParams(): { v: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  return homeMetadata();
}

export default async function HomePage({ params }: { params: Promise<{ v: string }> }) {
  await requireIndexVariant(params);
  return <HomeView {...await homeData()} />;
}

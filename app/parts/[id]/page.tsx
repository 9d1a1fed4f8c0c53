import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PartPageView, partPageMetadata } from "@/components/PartPageView";
import { getPart } from "@/lib/catalogue/part-page";

type Params = Promise<{ id: string }>;

// Each part's page is rendered on its first request (not at build time: the database and the
// canonical base URL are runtime things) and then served from Next's cache, tagged with the
// part's own tag, until a write expires it. A browser
// with a vehicle chosen is sent to ./for-your-vehicle instead (lib/cache/cached-routes.ts).
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return partPageMetadata((await params).id);
}

export default async function PartPage({ params }: { params: Params }) {
  const part = await getPart((await params).id);
  if (!part) notFound();
  return <PartPageView part={part} />;
}

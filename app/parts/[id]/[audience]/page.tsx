import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PartPageView, partPageMetadata } from "@/components/PartPageView";
import { isAudience } from "@/lib/cache/audience";
import { getPart } from "@/lib/catalogue/part-page";

type Params = Promise<{ id: string; audience: string }>;

// Each part's page is rendered on its first request (not at build time: the database and the
// canonical base URL are runtime things) and then served from Next's cache, tagged with the
// part's own tag, until a write expires it. A browser
// with a vehicle chosen is sent to its per-request page instead (lib/cache/cached-routes.ts). One
// variant per audience, visitor or signed in (lib/cache/audience.ts): only the header differs.
export function generateStaticParams(): { id: string; audience: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return partPageMetadata((await params).id);
}

export default async function PartPage({ params }: { params: Params }) {
  const { id, audience } = await params;
  const part = isAudience(audience) ? await getPart(id) : null;
  if (!part) notFound();
  return <PartPageView part={part} />;
}

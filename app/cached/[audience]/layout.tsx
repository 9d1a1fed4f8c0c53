import { notFound } from "next/navigation";
import { isAudience } from "@/lib/cache/audience";

// Every cached page has one variant per audience (lib/cache/audience.ts); any other is a 404, so
// made-up paths never reach the cache. Rendered on the first request, like the pages below.
export function generateStaticParams(): { audience: string }[] {
  return [];
}

export default async function AudienceLayout({ children, params }: { children: React.ReactNode; params: Promise<{ audience: string }> }) {
  if (!isAudience((await params).audience)) notFound();
  return children;
}

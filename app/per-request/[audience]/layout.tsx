import { notFound } from "next/navigation";
import { isAudience } from "@/lib/cache/audience";

// The pages rendered per request (a search, a vehicle's pages, sign-in), reached through the rewrites
// (lib/cache/cached-routes.ts) with the audience in the path, so the header is right in the server's
// HTML. Any other audience is a 404.
export default async function PerRequestLayout({ children, params }: { children: React.ReactNode; params: Promise<{ audience: string }> }) {
  if (!isAudience((await params).audience)) notFound();
  return children;
}

import { notFound } from "next/navigation";
import { getPart } from "@/lib/catalogue/part-page";

// The existence check lives here, outside the page's loading boundary, so an unknown or
// malformed id answers with HTTP 404 before any streaming starts (a 404 sent after the
// loading fallback would go out as 200).
export default async function PartLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await getPart(id))) notFound();
  return children;
}

import { notFound } from "next/navigation";
import { getFreshPart } from "@/lib/catalogue/part-page";

// The existence check lives here, outside the page's loading boundary (the spinner), so an
// unknown or malformed id answers HTTP 404 before any streaming starts, like /parts/<id>: a 404
// sent after the loading fallback would go out as 200. Signing in is checked first by proxy.ts.
export default async function PurchaseLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await getFreshPart(id))) notFound();
  return children;
}

import { notFound } from "next/navigation";
import { getFreshPart } from "@/lib/catalogue/part-page";

// The existence check lives here, before anything of the page renders, so an unknown or malformed
// id answers HTTP 404 like /parts/<id> even if a loading boundary is added below it (a 404 sent
// after a loading fallback would go out as 200). Signing in is checked first by proxy.ts.
export default async function PurchaseLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await getFreshPart(id))) notFound();
  return children;
}

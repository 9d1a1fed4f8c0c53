import type { Metadata } from "next";
import { AddProductForm } from "@/components/admin/AddProductForm";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";

const item = DASHBOARD_ITEMS.addProduct;

export const metadata: Metadata = { title: item.label };

export default async function AddProductPage() {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  const admin = await requireAdminPage(item.href);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">The part shows in the catalogue as soon as it is added.</p>
      <AddProductForm adminEmail={admin.email} />
    </>
  );
}

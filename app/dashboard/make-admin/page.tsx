import type { Metadata } from "next";
import { MakeAdminTable } from "@/components/admin/MakeAdminTable";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";
import { listUsers } from "@/lib/users";

const item = DASHBOARD_ITEMS.makeAdmin;

export const metadata: Metadata = { title: item.label };

export default async function MakeAdminPage() {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const users = await listUsers();
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">A promotion counts on that user&apos;s next page or request.</p>
      <MakeAdminTable initialUsers={users} />
    </>
  );
}

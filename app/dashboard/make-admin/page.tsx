import type { Metadata } from "next";
import { MakeAdminTable } from "@/components/admin/MakeAdminTable";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { listUsers } from "@/lib/users/queries";

const item = DASHBOARD_ITEMS.makeAdmin;

export const metadata: Metadata = { title: item.label };

const PAGE_SIZE = 50;

export default async function MakeAdminPage() {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  // One user more than a page: it only says whether there is a next page (a count would scan).
  const users = await listUsers({ limit: PAGE_SIZE + 1, skip: 0 });
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">A promotion counts on that user&apos;s next page or request.</p>
      <MakeAdminTable initialUsers={users.slice(0, PAGE_SIZE)} initialHasNext={users.length > PAGE_SIZE} pageSize={PAGE_SIZE} />
    </>
  );
}

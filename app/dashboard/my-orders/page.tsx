import type { Metadata } from "next";
import { AdminNotice } from "@/components/dashboard/AdminNotice";
import { MyOrdersTable } from "@/components/dashboard/MyOrdersTable";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";
import { listOrdersFor } from "@/lib/orders";

const item = DASHBOARD_ITEMS.myOrders;

export const metadata: Metadata = { title: item.label };

/** The customer's orders, read on the server; the table's Delete buttons call the REST path. */
export default async function MyOrdersPage() {
  const user = await requireUserPage(item.href);
  if (user.role === "admin") {
    return (
      <AdminNotice title={item.label} link={DASHBOARD_ITEMS.manageOrders}>
        Admins don&apos;t place orders, so there are none to list here. Customers&apos; orders are in
      </AdminNotice>
    );
  }
  const orders = await listOrdersFor(user.email);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <MyOrdersTable
        initialOrders={orders.map(({ _id, partId, partsname, quantity, price, status, createdAt }) => ({ _id, partId, partsname, quantity, price, status, createdAt }))}
      />
    </>
  );
}

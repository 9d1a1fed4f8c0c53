import type { Metadata } from "next";
import Link from "next/link";
import { AdminNotice } from "@/components/dashboard/AdminNotice";
import { MyOrdersTable } from "@/components/dashboard/MyOrdersTable";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { partsInCatalogue } from "@/lib/catalogue/queries";
import { listOrdersFor } from "@/lib/orders/queries";
import { wholePageParam } from "@/lib/validation/admin-orders";

const item = DASHBOARD_ITEMS.myOrders;

export const metadata: Metadata = { title: item.label };

const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const pageHref = (page: number) => (page > 1 ? `${item.href}?page=${page}` : item.href);

const LINK = "inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-300 px-3 text-sm font-medium hover:bg-brand-50";

/** The customer's orders, 20 a page (?page=N), read on the server; the table's Delete buttons call the REST path. */
export default async function MyOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUserPage(item.href);
  if (user.role === "admin") {
    return (
      <AdminNotice title={item.label} link={DASHBOARD_ITEMS.manageOrders}>
        Admins don&apos;t place orders, so there are none to list here. Customers&apos; orders are in
      </AdminNotice>
    );
  }
  const page = wholePageParam((await searchParams).page);
  // One order more than a page: it only says whether there is a next page (a count would scan).
  const rows = await listOrdersFor(user.email, { limit: PAGE_SIZE + 1, skip: (page - 1) * PAGE_SIZE });
  const orders = rows.slice(0, PAGE_SIZE);
  const hasNext = rows.length > PAGE_SIZE;
  const inCatalogue = await partsInCatalogue([...new Set(orders.flatMap((order) => order.lines.map((line) => line.partId)))]);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <MyOrdersTable
        page={page}
        firstPageHref={pageHref(1)}
        hasOtherPages={page > 1 || hasNext}
        initialOrders={orders.map(({ _id, number, lines, total, paymentMethod, paymentStatus, status, createdAt }) => ({
          _id,
          number,
          lines: lines.map(({ partId, partsname, quantity }) => ({ partId, partsname, quantity, inCatalogue: inCatalogue.has(partId) })),
          total,
          paymentMethod,
          paymentStatus,
          status,
          createdAt,
        }))}
      />
      {orders.length > 0 && (page > 1 || hasNext) ? (
        <nav aria-label="Order pages" className="mt-6 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <Link href={pageHref(page - 1)} rel="prev" className={LINK}>
              Previous
            </Link>
          ) : null}
          <p className="text-sm text-slate-700">
            Page {page}
          </p>
          {hasNext ? (
            <Link href={pageHref(page + 1)} rel="next" className={LINK}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

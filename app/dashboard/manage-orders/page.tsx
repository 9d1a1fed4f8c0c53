import type { Metadata } from "next";
import Link from "next/link";
import { OrderActions } from "@/components/admin/OrderActions";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";
import { RevenueChart } from "@/components/admin/RevenueChart";
import { Pagination } from "@/components/Pagination";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { partsInCatalogue } from "@/lib/catalogue/queries";
import { formatPrice } from "@/lib/site/format";
import { listAllOrders } from "@/lib/orders/queries";
import { ordersSummary } from "@/lib/orders/queries";
import { ORDERS_PAGE_SIZE, orderStatusField, wholePageParam } from "@/lib/validation/admin-orders";
import { ORDER_STATUSES, type OrderStatus } from "@/models/Order";

const item = DASHBOARD_ITEMS.manageOrders;

export const metadata: Metadata = { title: item.label };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATUS_STYLE: Record<OrderStatus, string> = {
  placed: "bg-amber-100 text-amber-900",
  shipped: "bg-blue-100 text-blue-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

function href(status: OrderStatus | undefined, page = 1): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${item.href}?${text}` : item.href;
}

export default async function ManageOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const params = await searchParams;
  const parsedStatus = orderStatusField.safeParse(params.status);
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const page = wholePageParam(params.page);
  const [list, summary] = await Promise.all([listAllOrders({ status, page, limit: ORDERS_PAGE_SIZE }), ordersSummary(30)]);
  const inCatalogue = await partsInCatalogue([...new Set(list.orders.flatMap((order) => order.lines.map((line) => line.partId)))]);

  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>

      <section aria-labelledby="last-30-days" className="mt-6">
        <h2 id="last-30-days" className="text-lg font-semibold">Last 30 days</h2>
        <dl className="mt-2 grid max-w-md grid-cols-2 gap-4">
          <div className="rounded border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">Orders</dt>
            <dd className="text-2xl font-bold" data-testid="orders-30-days">{summary.orders}</dd>
          </div>
          <div className="rounded border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">Revenue</dt>
            <dd className="text-2xl font-bold" data-testid="revenue-30-days">{formatPrice(summary.revenue)}</dd>
          </div>
        </dl>
        <p className="mt-1 text-xs text-slate-600">Cancelled orders are not counted; revenue counts paid orders, on the day they were placed. Days are UTC days.</p>
        <RevenueChart days={summary.days} />
      </section>

      <section aria-labelledby="all-orders" className="mt-8">
        <h2 id="all-orders" className="text-lg font-semibold">All orders</h2>
        <nav aria-label="Filter by status" className="mt-2">
          <ul className="flex flex-wrap gap-2 text-sm">
            {[undefined, ...ORDER_STATUSES].map((s) => (
              <li key={s ?? "all"}>
                <Link
                  href={href(s)}
                  aria-current={s === status ? "page" : undefined}
                  className="inline-block rounded border border-slate-300 px-3 py-1 capitalize hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  {s ?? "All"}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-2 text-sm text-slate-700" aria-live="polite">
          {list.total} order{list.total === 1 ? "" : "s"}{status ? ` ${status}` : ""}, newest first.
        </p>
        {list.orders.length === 0 ? (
          <p className="mt-4">No orders here.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Orders, newest first</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">Order</th>
                  <th scope="col" className="py-2 pr-3">Date</th>
                  <th scope="col" className="py-2 pr-3">Customer</th>
                  <th scope="col" className="py-2 pr-3">Parts</th>
                  <th scope="col" className="py-2 pr-3">Total</th>
                  <th scope="col" className="py-2 pr-3">Payment</th>
                  <th scope="col" className="py-2 pr-3">Status</th>
                  <th scope="col" className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.orders.map((order) => (
                  <tr key={order._id} className="border-b border-slate-200 align-top" data-order-id={order._id}>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <Link href={`${DASHBOARD_ITEMS.myOrders.href}/${order._id}`} className="underline">{order.number}</Link>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{dateTime(order.createdAt)}</td>
                    <td className="py-2 pr-3">
                      {order.name}
                      <br />
                      <span className="text-slate-600">{order.email}</span>
                    </td>
                    <td className="py-2 pr-3">
                      <ul>
                        {order.lines.map((line) => (
                          <li key={line.partId}>
                            {inCatalogue.has(line.partId) ? (
                              <Link href={`/parts/${line.partId}`} className="underline">{line.partsname}</Link>
                            ) : (
                              line.partsname
                            )}{" "}
                            × {line.quantity}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="py-2 pr-3">{formatPrice(order.total)}</td>
                    <td className="py-2 pr-3">
                      {PAYMENT_METHOD_LABELS[order.paymentMethod]}, {order.paymentStatus}
                    </td>
                    <td className="py-2 pr-3">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[order.status]}`}>{order.status}</span>
                    </td>
                    <td className="py-2">
                      <OrderActions
                        orderId={order._id}
                        status={order.status}
                        awaitsTransfer={order.paymentMethod === "bank-transfer" && order.paymentStatus === "unpaid" && order.status !== "cancelled"}
                        label={`order ${order.number} for ${order.email}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(p) => href(status, p)} label="Order pages" />
      </section>
    </>
  );
}

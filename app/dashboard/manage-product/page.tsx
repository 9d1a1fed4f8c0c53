import type { Metadata } from "next";
import Link from "next/link";
import { PartRowActions } from "@/components/admin/PartRowActions";
import { Pagination } from "@/components/Pagination";
import { requireAdminPage } from "@/lib/auth/guards";
import { searchParts } from "@/lib/catalogue/queries";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { formatPrice } from "@/lib/site/format";
import { wholePageParam } from "@/lib/validation/admin-orders";
import { isLowStock } from "@/lib/validation/parts";

const item = DASHBOARD_ITEMS.manageProduct;

export const metadata: Metadata = { title: item.label };

const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ManageProductPage({ searchParams }: { searchParams: SearchParams }) {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const page = wholePageParam((await searchParams).page);
  const result = await searchParts({ page, pageSize: PAGE_SIZE });
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-sm text-slate-700">
        {result.total} part{result.total === 1 ? "" : "s"}. Low stock (fewer than 10 units, or fewer than two minimum orders) is marked. A part with
        placed or shipped orders cannot be deleted.{" "}
        <Link href={`${item.href}/fitment-import`} className="font-medium text-brand-700 underline">
          Import fitment from a CSV file
        </Link>
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Parts in the catalogue</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">Part</th>
              <th scope="col" className="py-2 pr-3">Price</th>
              <th scope="col" className="py-2 pr-3">Min order</th>
              <th scope="col" className="py-2 pr-3">Max per order</th>
              <th scope="col" className="py-2 pr-3">Stock</th>
              <th scope="col" className="py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {result.parts.map((part) => {
              const low = isLowStock(part.quantity, part.minOrder);
              return (
                <tr key={part._id} className={`border-b border-slate-200 align-top ${low ? "bg-amber-50" : ""}`} data-part-id={part._id}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link href={`/parts/${part._id}`} className="underline">{part.partsname}</Link>
                    {part.sku ? <span className="block text-xs text-slate-600">SKU {part.sku}</span> : null}
                    <Link href={`${item.href}/${part._id}/fitment`} className="block text-xs text-brand-700 underline" aria-label={`Fitment of ${part.partsname}`}>
                      Fitment
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{formatPrice(part.price)}</td>
                  <td className="py-2 pr-3">{part.minOrder}</td>
                  <td className="py-2 pr-3">{part.maxPerOrder}</td>
                  <td className="py-2 pr-3">
                    <span className={low ? "font-semibold text-amber-900" : undefined}>{part.quantity}</span>
                    {part.quantity === 0 ? (
                      <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Out of stock</span>
                    ) : low ? (
                      <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">Low stock</span>
                    ) : null}
                  </td>
                  <td className="py-2">
                    <PartRowActions part={part} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(p) => (p > 1 ? `${item.href}?page=${p}` : item.href)} label="Part pages" />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PartImage } from "@/components/PartImage";
import { PurchaseForm } from "@/components/purchase/PurchaseForm";
import { requireUserPage } from "@/lib/auth/guards";
import { getProfile } from "@/lib/users/queries";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { formatPrice } from "@/lib/site/format";
import { getFreshPart } from "@/lib/catalogue/part-page";
import { largestOrder } from "@/lib/validation/parts";

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: "Purchase", robots: { index: false } };

/** SPEC 2: login required. Left the part (read fresh on every request, so the stock is current); right the order form. */
export default async function PurchasePage({ params }: { params: Params }) {
  const { id } = await params;
  const user = await requireUserPage(`/purchase/${encodeURIComponent(id)}`);
  const [part, profile] = await Promise.all([getFreshPart(id), getProfile(user.email)]);
  if (!part) notFound();
  const orderable = part.quantity > 0 && part.quantity >= part.minOrder;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
      <section aria-labelledby="part-name">
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <PartImage image={part.image} alt={part.partsname} priority />
        </div>
        <h1 id="part-name" className="mt-4 text-2xl font-bold">
          {part.partsname}
        </h1>
        <p className="mt-2 text-slate-700">{part.description}</p>
        <dl aria-label="Part details" className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 text-sm">
          <dt className="text-slate-700">Minimum order</dt>
          <dd className="font-medium">{part.minOrder}</dd>
          <dt className="text-slate-700">Available</dt>
          <dd className="font-medium">{part.quantity}</dd>
          <dt className="text-slate-700">Unit price</dt>
          <dd className="font-semibold">{formatPrice(part.price)}</dd>
        </dl>
      </section>
      {user.role === "admin" ? (
        <NotForAdmins />
      ) : orderable ? (
        <PurchaseForm
          // The form's "Max order" is the largest order allowed: the lesser of the stock and the part's per-order maximum.
          part={{ _id: part._id, partsname: part.partsname, price: part.price, minOrder: part.minOrder, quantity: largestOrder(part) }}
          // A name is required on an order; an account without one (a provider gave none) uses its email's first part.
          customer={{ name: user.name || user.email.split("@")[0] || user.email, email: user.email, phone: profile?.phoneNumber ?? "" }}
        />
      ) : (
        <section aria-labelledby="order-heading" className="rounded-lg border border-slate-200 p-6">
          <h2 id="order-heading" className="text-xl font-bold">
            Out of stock
          </h2>
          <p className="mt-2 text-slate-700">
            There are not enough in stock for the minimum order just now. Please check back soon, or{" "}
            <Link href="/parts" className="font-medium text-brand-700 underline">
              browse other parts
            </Link>
            .
          </p>
        </section>
      )}
    </div>
  );
}

/** Admins run the shop; orders belong to customers (their dashboard has no My Orders to follow one up). */
function NotForAdmins() {
  return (
    <section aria-labelledby="order-heading" className="rounded-lg border border-slate-200 p-6">
      <h2 id="order-heading" className="text-xl font-bold">
        Ordering is for customers
      </h2>
      <p className="mt-2 text-slate-700">
        Admins don&apos;t place orders. Customers&apos; orders are in{" "}
        <Link href={DASHBOARD_ITEMS.manageOrders.href} className="font-medium text-brand-700 underline">
          {DASHBOARD_ITEMS.manageOrders.label}
        </Link>
        .
      </p>
    </section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PolicyPage } from "@/components/PolicyPage";
import { requireIndexVariant } from "@/lib/cache/cached-page";
import { formatPrice } from "@/lib/site/format";
import { pageMetadata } from "@/lib/site/metadata";
import { SHIPPING_POLICY, SHOP_COUNTRY, businessDays } from "@/lib/site/policies";

// Reached through the rewrite (lib/cache/cached-routes.ts) of /shipping. Rendered on the first request
// (the canonical URL comes from the runtime SITE_URL), then served from Next's cache. Its terms are
// the ones every part's JSON-LD states (lib/site/policies.ts).
export function generateStaticParams(): { v: string }[] {
  return [];
}

const cost = SHIPPING_POLICY.rate === 0 ? "free" : `${formatPrice(SHIPPING_POLICY.rate)} an order`;

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: "Shipping",
    description: `Standard shipping is ${cost} to addresses in ${SHOP_COUNTRY.name}: dispatched in ${businessDays(SHIPPING_POLICY.handlingDays)}, delivered in ${businessDays(SHIPPING_POLICY.transitDays)} more.`,
    path: "/shipping",
  });
}

export default async function ShippingPage({ params }: { params: Promise<{ v: string }> }) {
  await requireIndexVariant(params);
  return (
    <PolicyPage title="Shipping" path="/shipping">
      <p>{`We deliver to addresses in ${SHOP_COUNTRY.name}. Standard shipping is ${cost}, whatever the order.`}</p>
      <p>{`Your parts leave our warehouse within ${businessDays(SHIPPING_POLICY.handlingDays)} of your order, and the carrier delivers them within ${businessDays(SHIPPING_POLICY.transitDays)} after that.`}</p>
      <p>Business days are Monday to Friday, public holidays excepted. Your order&apos;s page shows its status as it changes.</p>
      <p>
        Changed your mind? See <Link href="/returns" className="text-brand-700 underline">Returns</Link>.
      </p>
    </PolicyPage>
  );
}

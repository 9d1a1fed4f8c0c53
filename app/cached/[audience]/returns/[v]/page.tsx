import type { Metadata } from "next";
import Link from "next/link";
import { PolicyPage } from "@/components/PolicyPage";
import { requireIndexVariant } from "@/lib/cache/cached-page";
import { pageMetadata } from "@/lib/site/metadata";
import { RETURN_POLICY, SHOP_COUNTRY } from "@/lib/site/policies";

// Reached through the rewrite (lib/cache/cached-routes.ts) of /returns. Rendered on the first request
// (the canonical URL comes from the runtime SITE_URL), then served from Next's cache. Its terms are
// the ones every part's JSON-LD states (lib/site/policies.ts).
export function generateStaticParams(): { v: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: "Returns",
    description: `Send any part back within ${RETURN_POLICY.days} days of delivery, by mail, ${RETURN_POLICY.freeReturnShipping ? "on a free prepaid label" : "at your cost"}.`,
    path: "/returns",
  });
}

export default async function ReturnsPage({ params }: { params: Promise<{ v: string }> }) {
  await requireIndexVariant(params);
  return (
    <PolicyPage title="Returns" path="/returns">
      <p>{`You may send back any part within ${RETURN_POLICY.days} days of its delivery, for any reason, for a full refund of its price.`}</p>
      <p>
        {RETURN_POLICY.freeReturnShipping
          ? "Returns come back by mail, and return shipping is free: tell us which order and part, and we email you a prepaid label."
          : "Returns come back by mail, and the return shipping is yours to pay."}
      </p>
      <p>Please send the part unused, in its packaging where you still have it. We refund to the way you paid within 5 business days of receiving it.</p>
      <p>{`We accept returns from addresses in ${SHOP_COUNTRY.name}, where we deliver.`}</p>
      <p>
        How orders are delivered: see <Link href="/shipping" className="text-brand-700 underline">Shipping</Link>.
      </p>
    </PolicyPage>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { ContactForm, NewsletterForm } from "@/components/InertForms";
import { JsonLdScript } from "@/components/JsonLdScript";
import { PartCard } from "@/components/PartCard";
import { ReviewList } from "@/components/ReviewList";
import { VehicleBar } from "@/components/garage/VehicleBar";
import { blogEntries } from "@/lib/site/content/blog";
import { REVIEWS_PATH } from "@/lib/cache/cached-routes";
import { onlineStoreJsonLd, serializeJsonLd } from "@/lib/catalogue/jsonld";
import { HOME_PART_COUNT } from "@/lib/catalogue/queries";
import { pageMetadata } from "@/lib/site/metadata";
import { cachedPartList } from "@/lib/catalogue/cached-reads";
import { cachedReviewStats, cachedReviews } from "@/lib/reviews/cached-reads";
import { cachedVehicleYears } from "@/lib/fitment/cached-reads";
import { VehicleSelector } from "@/components/VehicleSelector";
import type { FitVerdict } from "@/lib/garage/fit";
import type { KnownVehicle } from "@/lib/garage/known-vehicle";

/** The home page shows the newest reviews only; the count says how many there are in all. */
const HOME_REVIEW_COUNT = 6;
/** SPEC 9: fixed marketing figures. */
const GROWTH_FIGURES = [
  { value: "1000+", label: "Happy customers" },
  { value: "120M+", label: "Annual revenue" },
  { value: "33K+", label: "Reviews" },
  { value: "100+", label: "Auto parts" },
];
/** Three static blog cards, linking to their answers on /blog. */
const HOME_BLOG_CARDS = blogEntries.slice(0, 3);

/** The home page's title, description, canonical address and picture. */
export function homeMetadata(): Metadata {
  return pageMetadata({
    title: "AutoParts Hub: car parts delivered",
    absoluteTitle: true,
    description: "Brake discs, filters, batteries and more: quality car parts with honest stock figures, clear unit prices and fast delivery.",
    path: "/",
    image: { url: "/parts/brake-disc.svg", alt: "Vented front brake disc" },
  });
}

/** The home page's parts, reviews and their count, from the shared caches. */
export async function homeData() {
  const [parts, reviews, stats, years] = await Promise.all([
    cachedPartList({ limit: HOME_PART_COUNT, skip: 0 }),
    cachedReviews({ limit: HOME_REVIEW_COUNT, skip: 0 }),
    cachedReviewStats(),
    cachedVehicleYears(),
  ]);
  return { parts, reviews, stats, years };
}

type Props = Awaited<ReturnType<typeof homeData>> & {
  /** The vehicle the browser shops for, and whether each part fits it; none on the cached page. */
  vehicle?: KnownVehicle | null;
  fit?: Map<string, FitVerdict>;
};

/** The home page (SPEC 9): banner, the first parts, growth figures, reviews, blog, contact. */
export function HomeView({ parts, reviews, stats, years, vehicle, fit }: Props) {
  return (
    <>
      <JsonLdScript json={serializeJsonLd(onlineStoreJsonLd(stats))} />
      <section aria-labelledby="banner-heading" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-300">Parts for every drive</p>
          <h1 id="banner-heading" className="mt-2 text-3xl font-bold sm:text-5xl">Car parts that fit, delivered fast</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Brakes, filters, batteries and more, with honest stock figures and prices per unit.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link href="/parts" className="inline-block rounded bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-300">
              Browse all parts
            </Link>
            <Link href="/vehicle" prefetch={false} className="inline-block rounded border border-amber-300 px-5 py-3 font-semibold text-white hover:bg-brand-700">
              Shop by vehicle
            </Link>
          </div>
          {years.length > 0 && !vehicle ? (
            <div className="mt-8 max-w-3xl text-slate-900">
              <p className="mb-2 font-semibold text-white">Find the parts that fit your car</p>
              <VehicleSelector state={{ years, makes: [], models: [], vehicle: null }} />
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="parts-heading" className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="parts-heading" className="text-2xl font-bold">Parts</h2>
          <Link href="/parts" className="font-medium text-brand-700 underline">See the whole catalogue</Link>
        </div>
        {vehicle ? <VehicleBar label={vehicle.label} note="Every part below says whether it fits it." links={[{ href: "/parts", label: "Shop the parts that fit" }]} next="/" /> : null}
        {parts.length ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {parts.map((part, i) => (
              <PartCard key={part._id} part={part} priority={i === 0} fit={fit?.get(part._id)} />
            ))}
          </div>
        ) : (
          <p className="text-slate-700">No parts in the catalogue yet. Please come back soon.</p>
        )}
      </section>

      <section aria-labelledby="growth-heading" className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="growth-heading" className="text-center text-2xl font-bold">Our business keeps growing</h2>
          <p className="mt-2 text-center text-slate-700">Garages and drivers come back to us for parts that fit the first time.</p>
          <dl className="mt-8 grid grid-cols-2 gap-6 text-center lg:grid-cols-4">
            {GROWTH_FIGURES.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse rounded-lg bg-white p-6 shadow-sm">
                <dt className="mt-1 text-slate-700">{figure.label}</dt>
                <dd className="text-3xl font-bold text-brand-700">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="reviews-heading" className="text-2xl font-bold">What our customers say</h2>
        {reviews.length ? (
          <>
            <p className="mt-2 text-slate-700">
              {stats.count > reviews.length
                ? `Showing the latest ${reviews.length} of ${stats.count} reviews.`
                : `${stats.count} ${stats.count === 1 ? "review" : "reviews"}.`}
              {stats.average !== null ? ` Average rating ${stats.average} out of 5.` : ""}
            </p>
            <ReviewList reviews={reviews} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
            <Link href={REVIEWS_PATH} className="mt-6 inline-block font-medium text-brand-700 underline">
              Read all {stats.count} {stats.count === 1 ? "review" : "reviews"}
            </Link>
          </>
        ) : (
          <p className="mt-2 text-slate-700">No reviews yet. Be the first to tell us how your order went.</p>
        )}
      </section>

      <section aria-labelledby="blog-heading" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="blog-heading" className="text-2xl font-bold">From our blog</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {HOME_BLOG_CARDS.map((entry) => (
              <li key={entry.slug}>
                <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                  <h3 className="text-lg font-semibold">{entry.question}</h3>
                  <p className="text-sm text-slate-700">{entry.summary}</p>
                  <Link href={`/blog#${entry.slug}`} className="mt-auto font-medium text-brand-700 underline">
                    Read the answer<span className="sr-only">: {entry.question}</span>
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div className="md:col-span-2">
          <h2 id="contact-heading" className="text-2xl font-bold">Contact us</h2>
          <p className="mb-6 mt-2 text-slate-700">Questions about fitment, bulk orders or delivery? Tell us about your car.</p>
          <ContactForm />
        </div>
        <aside aria-labelledby="newsletter-heading" className="rounded-lg bg-brand-50 p-6">
          <h2 id="newsletter-heading" className="text-xl font-bold">Newsletter</h2>
          <p className="mb-4 mt-2 text-sm text-slate-700">Maintenance tips and new parts, once a month.</p>
          <NewsletterForm />
        </aside>
      </section>
    </>
  );
}

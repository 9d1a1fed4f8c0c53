import type { Metadata } from "next";
import { blogEntries } from "@/lib/site/content/blog";
import { requireIndexVariant } from "@/lib/cache/cached-page";
import { pageMetadata } from "@/lib/site/metadata";

// Reached through the rewrite (lib/cache/cached-routes.ts) of /blog. Rendered on the first request (never at build
// time: the canonical URL comes from the runtime SITE_URL), then served from Next's cache.
export function generateStaticParams(): { v: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: "Blog: front-end questions answered",
    description: "Answers to common front-end development questions: React performance, state management, prototypal inheritance, unit testing and more.",
    path: "/blog",
    type: "article",
  });
}

export default async function BlogPage({ params }: { params: Promise<{ v: string }> }) {
  await requireIndexVariant(params);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Blog: front-end questions answered</h1>
      <p className="mt-3 text-slate-700">
        Short, practical answers to questions we hear from developers building shops like this one.
      </p>
      <nav aria-label="Questions on this page" className="mt-8 rounded-lg bg-slate-50 p-5">
        <h2 className="font-semibold">Questions</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          {blogEntries.map((entry) => (
            <li key={entry.slug}>
              <a href={`#${entry.slug}`} className="text-brand-700 underline">{entry.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-12">
        {blogEntries.map((entry) => (
          <article key={entry.slug} id={entry.slug} aria-labelledby={`${entry.slug}-q`} className="scroll-mt-6">
            <h2 id={`${entry.slug}-q`} className="text-2xl font-bold">{entry.question}</h2>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-800">
              {entry.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

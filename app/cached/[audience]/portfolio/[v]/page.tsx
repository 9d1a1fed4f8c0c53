import type { Metadata } from "next";
import { portfolio } from "@/lib/site/content/portfolio";
import { requireIndexVariant } from "@/lib/cache/cached-page";
import { pageMetadata } from "@/lib/site/metadata";

// Reached through the rewrite (lib/cache/cached-routes.ts) of /portfolio. Rendered on the first request (never at build
// time: the canonical URL comes from the runtime SITE_URL), then served from Next's cache.
export function generateStaticParams(): { v: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: `Portfolio of ${portfolio.name}`,
    description: `${portfolio.name}, ${portfolio.role}: skills, education and projects.`,
    path: "/portfolio",
    type: "profile",
  });
}

export default async function PortfolioPage({ params }: { params: Promise<{ v: string }> }) {
  await requireIndexVariant(params);
  const p = portfolio;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold sm:text-4xl">{p.name}</h1>
        <p className="mt-1 text-xl text-brand-700">{p.role}</p>
        <p className="mt-1 text-slate-700">{p.location}</p>
        <p className="mt-4 max-w-2xl leading-relaxed text-slate-800">{p.intro}</p>
        <ul className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
          <li><a href={`mailto:${p.email}`} className="text-brand-700 underline">{p.email}</a></li>
          {p.links.map((link) => (
            <li key={link.url}><a href={link.url} className="text-brand-700 underline" rel="me noopener">{link.label}</a></li>
          ))}
        </ul>
      </header>

      <section aria-labelledby="skills-heading" className="py-8">
        <h2 id="skills-heading" className="text-2xl font-bold">Skills</h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {p.skills.map((group) => (
            <div key={group.area} className="rounded-lg border border-slate-200 p-5">
              <h3 className="font-semibold">{group.area}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {group.skills.map((skill) => (
                  <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">{skill}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="education-heading" className="border-t border-slate-200 py-8">
        <h2 id="education-heading" className="text-2xl font-bold">Education</h2>
        <ul className="mt-4 space-y-5">
          {p.education.map((item) => (
            <li key={item.degree}>
              <h3 className="font-semibold">{item.degree}</h3>
              <p className="text-slate-700">{item.school}, {item.years}</p>
              {item.details ? <p className="mt-1 text-slate-800">{item.details}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-heading" className="border-t border-slate-200 py-8">
        <h2 id="projects-heading" className="text-2xl font-bold">Projects</h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {p.projects.map((project) => (
            <article key={project.name} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-5">
              <h3 className="text-lg font-semibold">
                {project.url ? <a href={project.url} className="text-brand-700 underline">{project.name}</a> : project.name}
              </h3>
              <p className="text-slate-800">{project.summary}</p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                {project.highlights.map((h) => <li key={h}>{h}</li>)}
              </ul>
              <p className="mt-auto text-sm text-slate-700"><span className="font-medium">Built with:</span> {project.stack.join(", ")}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

import Link from "next/link";
import { SITE_NAME } from "@/lib/site/site";

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} {SITE_NAME}. Quality car parts, honest stock.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li><Link href="/parts" className="underline">Catalogue</Link></li>
            <li><Link href="/blog" className="underline">Blog</Link></li>
            <li><Link href="/portfolio" className="underline">Portfolio</Link></li>
            <li><Link href="/shipping" className="underline">Shipping</Link></li>
            <li><Link href="/returns" className="underline">Returns</Link></li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

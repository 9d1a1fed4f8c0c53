import Link from "next/link";
import { HeaderAuthLinks } from "@/components/auth/HeaderAuthLinks";
import { SITE_NAME } from "@/lib/site";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </Link>
        <ul className="flex items-center gap-4 text-sm font-medium">
          <li><Link href="/">Home</Link></li>
          <li><Link href="/portfolio">Portfolio</Link></li>
          <li><Link href="/blog">Blog</Link></li>
          <HeaderAuthLinks />
        </ul>
      </nav>
    </header>
  );
}

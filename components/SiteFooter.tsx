import Link from "next/link";
import { SITE_NAME } from "@/lib/site";

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm sm:flex-row sm:justify-between">
        <p>© {new Date().getFullYear()} {SITE_NAME}. Quality car parts, honest stock.</p>
        <p>
          <Link href="/parts" className="underline">Catalogue</Link>
        </p>
      </div>
    </footer>
  );
}

import Link from "next/link";
import { HeaderAuthLinks } from "@/components/auth/HeaderAuthLinks";
import { HeaderCartLink } from "@/components/cart/HeaderCartLink";
import { NavMenu } from "@/components/NavMenu";
import { SearchBox } from "@/components/search/SearchBox";
import { SITE_NAME } from "@/lib/site/site";

const linkClass = "block rounded px-2 py-2 hover:bg-brand-50 hover:text-brand-700 sm:py-1";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </Link>
        {/* Beside the menu, not in it: on a phone the count shows without opening anything. */}
        <div className="ml-auto sm:order-last sm:ml-0">
          <HeaderCartLink className="rounded px-2 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 sm:py-1" />
        </div>
        <NavMenu>
          <ul className="flex flex-col gap-1 text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
            <li><Link href="/" className={linkClass}>Home</Link></li>
            <li><Link href="/portfolio" className={linkClass}>Portfolio</Link></li>
            <li><Link href="/blog" className={linkClass}>Blog</Link></li>
            <HeaderAuthLinks linkClassName={linkClass} />
          </ul>
        </NavMenu>
        {/* A row of its own on a phone, under the name, cart and menu; beside the links from sm up. */}
        <div className="basis-full sm:min-w-48 sm:max-w-md sm:flex-1 sm:basis-auto">
          <SearchBox />
        </div>
      </nav>
    </header>
  );
}

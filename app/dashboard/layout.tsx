import Link from "next/link";
import { requestedPath, requireUserPage } from "@/lib/auth/guards";
import { dashboardMenu } from "@/lib/dashboard-menu";

/** The side menu follows the role the database has now, so a promotion shows on the next page load. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUserPage(await requestedPath("/dashboard"));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:flex-row">
      <nav aria-label="Dashboard" className="md:w-56 md:shrink-0">
        <ul className="flex flex-col gap-1">
          {dashboardMenu(user.role).map((item) => (
            <li key={item.href}>
              <Link href={item.href} className="block rounded px-3 py-2 hover:bg-brand-50">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="flex-1">{children}</section>
    </div>
  );
}

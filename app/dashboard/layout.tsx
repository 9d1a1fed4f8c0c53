import { PasswordResetNotice } from "@/components/auth/PasswordResetNotice";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { DashboardContent, DashboardProgress } from "@/components/dashboard/DashboardProgress";
import { requestedPath, requireUserPage } from "@/lib/auth/guards";
import { dashboardMenu } from "@/lib/site/dashboard-menu";

/**
 * The side menu follows the role the database has now, so a promotion shows on the next page load.
 * No loading.tsx: a page streamed behind a loading boundary shows only with JavaScript; the menu's
 * links show the progress instead (DashboardProgress).
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUserPage(await requestedPath("/dashboard"));
  const items = dashboardMenu(user.role).map(({ href, label }) => ({ href, label }));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:flex-row">
      <DashboardProgress>
        <DashboardNav items={items} />
        <DashboardContent>
          <PasswordResetNotice />
          {children}
        </DashboardContent>
      </DashboardProgress>
    </div>
  );
}

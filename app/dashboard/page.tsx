import { redirect } from "next/navigation";
import { requireUserPage } from "@/lib/auth/guards";
import { dashboardMenu } from "@/lib/site/dashboard-menu";

/** /dashboard opens the first item of the user's menu. */
export default async function DashboardHome() {
  const user = await requireUserPage("/dashboard");
  const [first] = dashboardMenu(user.role);
  redirect(first?.href ?? "/");
}

import { describe, expect, it } from "vitest";
import { isAdminPath } from "@/lib/auth/routes";
import { dashboardMenu } from "@/lib/site/dashboard-menu";

// The request guard (proxy.ts) refuses a customer an admin page before it renders; the pages check
// again. A page added to the admin's menu but not to ADMIN_PATHS would lose the first check.

describe("the admin's pages and the guard", () => {
  const customers = new Set(dashboardMenu("user").map((item) => item.href));
  const adminOnly = dashboardMenu("admin").filter((item) => !customers.has(item.href));

  it("guards every page only the admin's menu offers", () => {
    expect(adminOnly.length).toBeGreaterThan(0);
    expect(adminOnly.filter((item) => !isAdminPath(item.href)).map((item) => item.href)).toEqual([]);
  });

  it("guards none of a customer's pages", () => {
    expect([...customers].filter((href) => isAdminPath(href))).toEqual([]);
  });
});

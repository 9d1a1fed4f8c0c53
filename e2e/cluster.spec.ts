import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startCluster, type Cluster } from "../scripts/services/cluster.mjs";
import { repoRoot } from "../scripts/services/paths.mjs";
import { freePort } from "../scripts/services/server-process.mjs";
import { PASSWORD, clickHydrated, e2eDatabaseUri, expirePublicCache, uniqueEmail } from "./support";

// The shop as `npm run cluster` runs it: two processes of the build behind nginx, sharing the e2e
// database and a Redis of their own. nginx sends each request to the less busy process, so one
// person's visit (pages, scripts, the sign-in's CSRF round trip, the order) hops between them.
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster({
    processes: 2,
    port: await freePort(),
    dir: path.join(repoRoot, ".data", "e2e-cluster"),
    env: {
      MONGODB_URI: e2eDatabaseUri(),
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
      AUTH_SIGNIN_FAILURES_PER_IP: "1000",
      AUTH_SIGNUPS_PER_IP: "1000",
    },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  // The cluster's writes reach its own processes' cache, not the e2e server's (in its memory, no
  // REDIS_URL): that server is told, as after any change it did not make itself.
  await expirePublicCache();
});

/** CPU time a process has used, in clock ticks (/proc/PID/stat's utime + stime). */
function cpuTicks(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a visitor signs up, orders a part and finds it in My Orders, by clicks, with both processes serving", async ({ page }) => {
  const before = cluster.shops.map((shop) => cpuTicks(shop.pid));
  const email = uniqueEmail();

  await page.goto(`${cluster.publicUrl}/`);
  await clickHydrated(mainNav(page).getByRole("link", { name: "Login" }));
  await expect(page).toHaveURL(`${cluster.publicUrl}/signin`);
  await clickHydrated(page.getByRole("link", { name: "Create an account" }));
  await expect(page).toHaveURL(`${cluster.publicUrl}/signup`);
  await page.getByLabel("Name").fill("Cluster Buyer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(mainNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();

  await clickHydrated(mainNav(page).getByRole("link", { name: "Home" }));
  const card = page.getByRole("region", { name: "Parts" }).getByRole("article").first();
  const partName = (await card.getByRole("heading").innerText()).trim();
  await clickHydrated(card.getByRole("link", { name: /^Purchase Now/ }));
  await expect(page.getByRole("heading", { level: 1, name: partName })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("Address").fill("7 Proxy Road, Springfield");
  await page.getByLabel("Phone Number").fill("+1 555 0107");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/^Order placed: \d+ × /)).toBeVisible();

  await clickHydrated(mainNav(page).getByRole("link", { name: "DashBoard" }));
  await clickHydrated(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }));
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(partName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  await expect(row).toHaveCount(1);

  // Deleted again (its stock goes back), so the other tests find the catalogue as seeded.
  page.once("dialog", (dialog) => void dialog.accept());
  await clickHydrated(row.getByRole("button", { name: /Delete/ }));
  await expect(page.getByText("Deleted succesfuly")).toBeVisible();
  await expect(row).toHaveCount(0);

  await clickHydrated(mainNav(page).getByRole("button", { name: "Sign Out" }));
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();

  // Each process rendered some of this visit (an idle process uses next to no CPU).
  const after = cluster.shops.map((shop) => cpuTicks(shop.pid));
  for (const [i, ticks] of after.entries()) expect(ticks - (before[i] ?? 0), `process ${i + 1}'s CPU ticks during the visit`).toBeGreaterThan(20);
});

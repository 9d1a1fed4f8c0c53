import type { Metadata } from "next";
import { requireAdminPage } from "@/lib/auth/guards";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { saveShopSettingsAction } from "@/app/dashboard/shop-settings/actions";
import { SettingsForm } from "@/app/dashboard/shop-settings/SettingsForm";

const item = DASHBOARD_ITEMS.shopSettings;

export const metadata: Metadata = { title: item.label };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Admin: what the checkout charges for delivery and when standard delivery is free, the unpaid-transfer hold and the bank details. */
export default async function ShopSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const [settings, { saved }] = await Promise.all([readShopSettings(), searchParams]);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">{item.summary} Checkouts use a change within a few seconds.</p>
      <p role="status" className="mt-2 min-h-6 font-medium text-brand-900">
        {saved ? "The shop settings are saved." : null}
      </p>
      {/* A new form after a save, so it shows the settings as saved. */}
      <SettingsForm key={JSON.stringify(settings)} action={saveShopSettingsAction} page={item.href} settings={settings} />
    </>
  );
}

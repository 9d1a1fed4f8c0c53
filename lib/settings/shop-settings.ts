import "server-only";
import { connectDb } from "@/lib/storage/connect";
import type { ShopSettingsChange } from "@/lib/validation/shop-settings";
import { ShopSettings, type ShopSettingsFields } from "@/models/ShopSettings";

// The shop's settings: one document, read for every quote and by the unpaid-transfer job. A
// process keeps its last read for a few seconds, so a crowd of checkouts costs one read, and an
// admin's change reaches every process within that time.

export type ShopSettingsView = ShopSettingsFields;

export const DEFAULT_SHOP_SETTINGS: ShopSettingsView = {
  standardDeliveryPrice: 5.99,
  standardDeliveryDays: 5,
  expressDeliveryPrice: 14.99,
  expressDeliveryDays: 1,
  freeStandardDeliveryFrom: 100,
  unpaidTransferDays: 7,
  bankAccountName: "Car Parts Ltd",
  bankIban: "GB33BUKB20201555555555",
  bankBic: "BUKBGB22",
};

const SETTINGS_ID = "shop";
const KEPT_MS = 5_000;
let kept: { settings: ShopSettingsView; until: number } | null = null;

const withDefaults = (stored: Partial<ShopSettingsView> | null): ShopSettingsView => {
  const settings = { ...DEFAULT_SHOP_SETTINGS };
  for (const key of Object.keys(settings) as (keyof ShopSettingsView)[]) {
    const value = stored?.[key];
    if (value !== undefined && value !== null) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
};

/** The settings as they are now (or as this process read them at most a few seconds ago). */
export async function readShopSettings(): Promise<ShopSettingsView> {
  if (kept && kept.until > Date.now()) return kept.settings;
  await connectDb();
  const settings = withDefaults(await ShopSettings.findById(SETTINGS_ID).lean<Partial<ShopSettingsView>>());
  kept = { settings, until: Date.now() + KEPT_MS };
  return settings;
}

/** An admin's change; returns the settings after it. This process sees it at once. */
export async function changeShopSettings(change: ShopSettingsChange): Promise<ShopSettingsView> {
  await connectDb();
  await ShopSettings.updateOne({ _id: SETTINGS_ID }, { $set: change }, { upsert: true });
  kept = null;
  return readShopSettings();
}

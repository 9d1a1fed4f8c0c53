"use server";

import "server-only";
import { redirect } from "next/navigation";
import { requireAdminPage } from "@/lib/auth/guards";
import { changeShopSettings } from "@/lib/settings/shop-settings";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { shopSettingsChangeSchema } from "@/lib/validation/shop-settings";
import { SETTINGS_FIELDS, type SettingsFormState } from "@/app/dashboard/shop-settings/settings-fields";

const PAGE = DASHBOARD_ITEMS.shopSettings.href;

/** A number box's text as the number it reads as; anything else stays text, which the schema refuses with its message. */
const asNumber = (text: string): number | string => (/^-?\d{1,9}(\.\d{1,9})?$/.test(text.trim()) ? Number(text.trim()) : text);

/**
 * The Shop Settings form, with or without JavaScript: every setting checked with the REST path's
 * schema, then saved and back to the page with a note; a refusal comes back with what was typed.
 */
export async function saveShopSettingsAction(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  // Admin only, checked here as well as by the page: an action can be posted to from anywhere.
  await requireAdminPage(PAGE);
  const values: SettingsFormState["values"] = {};
  for (const { name } of SETTINGS_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  const change = Object.fromEntries(SETTINGS_FIELDS.map(({ name, kind }) => [name, kind === "text" ? values[name] : asNumber(values[name] ?? "")]));
  const parsed = shopSettingsChangeSchema.safeParse(change);
  if (!parsed.success) {
    const fieldErrors: SettingsFormState["fieldErrors"] = {};
    for (const { path, message } of parsed.error.issues) {
      const field = SETTINGS_FIELDS.find(({ name }) => name === path[0])?.name;
      if (field && !fieldErrors[field]) fieldErrors[field] = message;
    }
    return { fieldErrors, values };
  }
  await changeShopSettings(parsed.data);
  redirect(`${PAGE}?saved=1`);
}

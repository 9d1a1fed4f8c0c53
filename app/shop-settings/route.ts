import { requireAdmin } from "@/lib/auth/api-guards";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { changeShopSettings, readShopSettings } from "@/lib/settings/shop-settings";
import { shopSettingsChangeSchema } from "@/lib/validation/shop-settings";

/** The shop's delivery prices and times, free-delivery amount, unpaid-transfer hold and bank details (admin). */
export const GET = route(async () => {
  await requireAdmin();
  return jsonReply({ success: true, settings: await readShopSettings() });
});

/** An admin changes any of the settings; the reply holds them all as they now are. */
export const PATCH = route(async (request: Request) => {
  await requireAdmin();
  const change = parseWith(shopSettingsChangeSchema, await readJsonBody(request));
  return jsonReply({ success: true, message: "The shop settings are saved.", settings: await changeShopSettings(change) });
});

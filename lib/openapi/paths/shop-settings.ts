import { jsonBody, ok, pathItem } from "@/lib/openapi/operations";

// What an admin sets for the whole shop: delivery, free delivery, the unpaid-transfer hold, the bank details.

export const shopSettingsPaths = {
  ...pathItem("/shop-settings", {
    get: {
      operationId: "getShopSettings",
      summary: "Read the shop settings",
      description: "The delivery prices and days, the subtotal from which standard delivery is free, the days an unpaid bank transfer is held, and the bank details a transfer is paid to (admin). A setting never changed reads as its default.",
      access: "admin",
      replies: ok(200, "Every setting.", "ShopSettingsReply"),
    },
    patch: {
      operationId: "changeShopSettings",
      summary: "Change the shop settings",
      description: "Change any of the settings (admin); every field is optional and bounded, an unknown field is a 400. Quotes use the change within a few seconds in every server process.",
      access: "admin",
      body: jsonBody("ShopSettingsChange"),
      replies: ok(200, "Every setting after the change.", "ShopSettingsSaved"),
    },
  }),
};

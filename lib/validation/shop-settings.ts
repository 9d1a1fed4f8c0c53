import { z } from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/common";

// An admin's change to the shop settings: any subset of the fields, each bounded.

const money = (label: string) => z.number({ error: `${label} must be a number` }).min(0, `${label} must be 0 or more`).max(100_000, `${label} must be at most 100000`).multipleOf(0.01, `${label} must be in whole cents`);
const days = (label: string, max: number) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number of days`).min(1, `${label} must be at least 1 day`).max(max, `${label} must be at most ${max} days`);

export const shopSettingsChangeSchema = z
  .strictObject({
    standardDeliveryPrice: money("The standard delivery price"),
    standardDeliveryDays: days("The standard delivery time", 60),
    expressDeliveryPrice: money("The express delivery price"),
    expressDeliveryDays: days("The express delivery time", 60),
    freeStandardDeliveryFrom: money("The free delivery amount"),
    unpaidTransferDays: days("The time an unpaid transfer is held", 90),
    bankAccountName: plainText(120).trim().min(1, "The account name is required"),
    bankIban: plainText(40).trim().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{8,36}$/, "The IBAN must be two letters, two digits and up to 30 letters or digits"),
    bankBic: plainText(20).trim().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "The BIC must be 8 or 11 letters and digits"),
  })
  .partial()
  .meta({ id: "ShopSettingsChange" });

export type ShopSettingsChange = z.infer<typeof shopSettingsChangeSchema>;

// The replies of GET and PATCH /shop-settings: every setting, a missing one as its default.
export const shopSettingsViewSchema = z
  .object({
    standardDeliveryPrice: z.number(),
    standardDeliveryDays: z.number().int(),
    expressDeliveryPrice: z.number(),
    expressDeliveryDays: z.number().int(),
    freeStandardDeliveryFrom: z.number().meta({ description: "Standard delivery is free for a subtotal of at least this much" }),
    unpaidTransferDays: z.number().int().meta({ description: "Days an unpaid bank-transfer order is held before it is cancelled and restocked" }),
    bankAccountName: z.string(),
    bankIban: z.string(),
    bankBic: z.string(),
  })
  .meta({ id: "ShopSettings" });
export const shopSettingsReplySchema = z.object({ success: z.literal(true), settings: shopSettingsViewSchema }).meta({ id: "ShopSettingsReply" });
export const shopSettingsSavedSchema = z.object({ success: z.literal(true), message: z.string(), settings: shopSettingsViewSchema }).meta({ id: "ShopSettingsSaved" });

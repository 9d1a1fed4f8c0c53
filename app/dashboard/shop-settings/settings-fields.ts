import type { ShopSettingsChange } from "@/lib/validation/shop-settings";

// The Shop Settings form's fields, in the order it shows them, and what its action answers with
// when it does not redirect. No server imports: the form uses them too.

export type SettingsField = keyof Required<ShopSettingsChange>;

type FieldSpec = { name: SettingsField; label: string; kind: "money" | "days" | "text"; autoComplete?: string };

export const DELIVERY_FIELDS: FieldSpec[] = [
  { name: "standardDeliveryPrice", label: "Standard delivery price ($)", kind: "money" },
  { name: "standardDeliveryDays", label: "Standard delivery time (days)", kind: "days" },
  { name: "expressDeliveryPrice", label: "Express delivery price ($)", kind: "money" },
  { name: "expressDeliveryDays", label: "Express delivery time (days)", kind: "days" },
  { name: "freeStandardDeliveryFrom", label: "Free standard delivery from a subtotal of ($)", kind: "money" },
];

export const TRANSFER_FIELDS: FieldSpec[] = [
  { name: "unpaidTransferDays", label: "Cancel an unpaid bank transfer after (days)", kind: "days" },
  { name: "bankAccountName", label: "Account name", kind: "text" },
  { name: "bankIban", label: "IBAN", kind: "text" },
  { name: "bankBic", label: "BIC", kind: "text" },
];

export const SETTINGS_FIELDS = [...DELIVERY_FIELDS, ...TRANSFER_FIELDS];

export type SettingsFormState = {
  /** The schema's message per field. */
  fieldErrors: Partial<Record<SettingsField, string>>;
  /** What was typed, so a form drawn again by the server keeps it. */
  values: Partial<Record<SettingsField, string>>;
};

export const EMPTY_SETTINGS_FORM: SettingsFormState = { fieldErrors: {}, values: {} };

import { z } from "@/lib/validation/zod";
import { orderSchema } from "@/lib/validation/orders";

// A saved delivery address: the purchase form's name, phone and address, with their rules and
// SPEC 5's messages, so an address saved here is always one an order accepts.

/** How many addresses one account keeps. */
export const MAX_ADDRESSES = 10;

const orderFields = orderSchema.pick({ name: true, phone: true, address: true });

const isDefault = z.boolean({ error: "isDefault must be true or false" }).optional();

export const addressSchema = orderFields.extend({ isDefault }).meta({ id: "AddressInput" });

export const addressChangeSchema = orderFields
  .partial()
  .extend({ isDefault })
  .refine((change) => Object.values(change).some((value) => value !== undefined), "Send at least one of name, phone, address or isDefault")
  .meta({ id: "AddressChange" });

export type AddressInput = z.output<typeof addressSchema>;
export type AddressChange = z.output<typeof addressChangeSchema>;

// The replies of the address paths (the OpenAPI document and the integration tests read them).
export const addressViewSchema = z
  .object({ _id: z.string(), name: z.string(), phone: z.string(), address: z.string(), isDefault: z.boolean() })
  .meta({ id: "Address" });
const addressList = z.array(addressViewSchema).max(MAX_ADDRESSES).meta({ description: "Oldest first; exactly one is the default when there are any" });
export const addressListReplySchema = z.object({ success: z.literal(true), addresses: addressList }).meta({ id: "AddressList" });
export const addressSavedReplySchema = z.object({ success: z.literal(true), message: z.string(), address: addressViewSchema, addresses: addressList }).meta({ id: "AddressSaved" });
export const addressDeletedReplySchema = z.object({ success: z.literal(true), message: z.string(), addresses: addressList }).meta({ id: "AddressDeleted" });

import { z } from "zod";
import { httpUrlField, requiredText } from "@/lib/validation/common";

// SPEC 5, add-product form; shared by the form and POST /carparts.
export const PART_MESSAGES = {
  partsname: "Part name is required",
  image: "Image must be a link starting with http:// or https://",
  price: "Price must be a number greater than 0",
  quantity: "Quantity must be a whole number, 0 or more",
  minOrder: "Minimum order must be a whole number, 1 or more",
  minOrderAboveStock: "Minimum order cannot be above the available quantity",
  description: "Description is required",
} as const;

export const partSchema = z
  .object({
    partsname: requiredText(120, PART_MESSAGES.partsname),
    image: httpUrlField(PART_MESSAGES.image),
    price: z.number({ error: PART_MESSAGES.price }).positive(PART_MESSAGES.price).max(1_000_000, "Price must be at most 1000000"),
    quantity: z.number({ error: PART_MESSAGES.quantity }).int(PART_MESSAGES.quantity).min(0, PART_MESSAGES.quantity).max(1_000_000, "Quantity must be at most 1000000"),
    minOrder: z.number({ error: PART_MESSAGES.minOrder }).int(PART_MESSAGES.minOrder).min(1, PART_MESSAGES.minOrder).max(1_000_000).default(1),
    description: requiredText(4000, PART_MESSAGES.description),
    /** Sent by the original client; ignored: the part is added by the signed-in admin. */
    email: z.string().max(254).optional(),
  })
  .refine((p) => p.minOrder <= p.quantity || p.quantity === 0, { message: PART_MESSAGES.minOrderAboveStock, path: ["minOrder"] })
  .meta({ id: "PartInput" });

export type PartInput = z.input<typeof partSchema>;
export type NewPart = z.output<typeof partSchema>;

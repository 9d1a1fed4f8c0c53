import { z } from "@/lib/validation/zod";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { ORDER_STATUSES } from "@/models/Order";

// Manage All Orders: the list's query (GET /orders) and an order's change (PATCH /orders/{id}).

export const ORDERS_PAGE_SIZE = 20;

const statusMessage = `status must be one of ${ORDER_STATUSES.join(", ")}`;
export const orderStatusField = z.enum(ORDER_STATUSES, { error: statusMessage });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** ?status=&page=&limit= (pages from 1, default 20 a page). A repeated parameter is an error. */
export const orderListQuerySchema = z.object({
  status: orderStatusField.optional(),
  page: wholeNumber("page", 1, 100_000).default(1),
  limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
});

const ONE_CHANGE = "Send either status or paymentStatus, not both.";

/**
 * PATCH /orders/{id}: a new status (`{ status }`), or a bank transfer's money arrived
 * (`{ paymentStatus: "paid" }`); exactly one of them.
 */
export const orderStatusChangeSchema = z
  .object({
    status: orderStatusField.optional(),
    paymentStatus: z.literal("paid", { error: 'paymentStatus can only be "paid"' }).optional(),
  })
  .refine((change) => (change.status === undefined) !== (change.paymentStatus === undefined), { error: ONE_CHANGE })
  .meta({ id: "OrderStatusChange" });

/** A page number from a page's ?page=; anything that is not a whole number from 1 is page 1. */
export function wholePageParam(value: unknown): number {
  const parsed = wholeNumber("page", 1, 100_000).safeParse(value);
  return parsed.success ? parsed.data : 1;
}

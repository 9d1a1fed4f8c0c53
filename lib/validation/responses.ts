import { CATEGORY_SLUGS } from "@/lib/vocabulary/categories";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { DEFAULT_MAX_PER_ORDER } from "@/lib/validation/parts";
import { z } from "@/lib/validation/zod";
import { DELIVERY_METHODS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "@/models/Order";
import { ROLES } from "@/models/User";

// The replies of the REST paths, as zod schemas: the OpenAPI document is generated from
// them, and the integration tests check real replies against them.

export const errorReplySchema = z.object({ success: z.literal(false), message: z.string() }).meta({ id: "Error" });

const isoDate = z.string().meta({ format: "date-time" });

export const partViewSchema = z
  .object({
    _id: z.string(),
    partsname: z.string(),
    image: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    minOrder: z.number().int(),
    maxPerOrder: z.number().int().meta({ description: `The most one order may take: the part's own maximum, or ${DEFAULT_MAX_PER_ORDER} when none is set` }),
    description: z.string(),
    brand: z.string().nullable(),
    category: z.enum(CATEGORY_SLUGS).nullable().meta({ description: "A category slug, or null when the part has none" }),
    mpn: z.string().nullable().meta({ description: "Manufacturer part number" }),
    sku: z.string().nullable(),
    gtin: z.string().nullable().meta({ description: "GTIN-8, -12, -13 or -14, digits only" }),
    oemNumbers: z.array(z.string()).meta({ description: "OEM and interchange numbers" }),
    universal: z.boolean().meta({ description: "Fits every vehicle; see GET /carparts/{id}/fitment for the vehicles of the others" }),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "Part" });

export const orderViewSchema = z
  .object({
    _id: z.string().meta({ description: "The order's own id" }),
    partId: z.string().meta({ description: "The first line's part, as SPEC 7's clients read an order" }),
    partsname: z.string().meta({ description: "The first line's part name" }),
    quantity: z.number().int().meta({ description: "The first line's quantity" }),
    unitPrice: z.number().meta({ description: "The first line's unit price" }),
    price: z.number().meta({ description: "The total, computed by the server: the lines' unit price × quantity, plus delivery" }),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    status: z.enum(ORDER_STATUSES),
    createdAt: isoDate,
    number: z.string().meta({ description: 'The number customers and staff quote ("AP-100042"; "#" and the id\'s last eight characters for older orders)' }),
    lines: z
      .array(z.object({ partId: z.string(), partsname: z.string(), unitPrice: z.number(), quantity: z.number().int(), total: z.number() }).meta({ id: "OrderLine" }))
      .meta({ description: "Every part of the order, as it was when placed; an order placed before orders had lines is its one line" }),
    subtotal: z.number().meta({ description: "The lines' total" }),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    deliveryPrice: z.number(),
    deliveryBy: isoDate.nullable().meta({ description: "The estimated delivery date promised at checkout, if any" }),
    total: z.number().meta({ description: "What the customer pays: subtotal plus delivery (the same as price)" }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES).meta({ description: "A bank transfer is paid once an admin marks it so; cash on delivery once the order is delivered" }),
    paymentReference: z.string().nullable().meta({ description: "What a bank transfer quotes; null for other methods" }),
  })
  .meta({ id: "Order" });

export const reviewViewSchema = z
  .object({ _id: z.string(), rating: z.number().int(), description: z.string(), name: z.string(), image: z.string(), createdAt: isoDate })
  .meta({ id: "Review" });

export const profileViewSchema = z
  .object({ name: z.string(), email: z.string(), education: z.string(), linkdedin: z.string(), location: z.string(), phoneNumber: z.string() })
  .meta({ id: "Profile" });

/** A list path's reply: one page, never more than MAX_PAGE_SIZE items. */
const listPage = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_PAGE_SIZE);

export const userRowSchema = z.object({ email: z.string(), role: z.enum(ROLES) }).meta({ id: "UserRow" });

export const partListSchema = listPage(partViewSchema).meta({ id: "PartList" });
export const partReplySchema = z.object({ success: z.literal(true), result: partViewSchema }).meta({ id: "PartReply" });
export const partCreatedSchema = z.object({ success: z.literal(true), message: z.string(), result: partViewSchema }).meta({ id: "PartCreated" });
export const orderCreatedSchema = z.object({ success: z.literal(true), message: z.string(), result: orderViewSchema }).meta({ id: "OrderPlaced" });
export const orderListSchema = listPage(orderViewSchema).meta({ id: "OrderList" });
export const orderReplySchema = z.object({ success: z.literal(true), order: orderViewSchema }).meta({ id: "OrderReply" });
export const orderDeletedSchema = z.object({ success: z.literal(true), deletedCount: z.number().int(), message: z.string() }).meta({ id: "OrderDeleted" });
export const reviewListSchema = listPage(reviewViewSchema).meta({ id: "ReviewList" });
export const reviewRemovedSchema = z.object({ success: z.literal(true), deletedCount: z.number().int(), message: z.string() }).meta({ id: "ReviewRemoved" });
export const reviewCreatedSchema = z.object({ success: z.literal(true), message: z.string(), result: reviewViewSchema }).meta({ id: "ReviewCreated" });
export const adminReplySchema = z.object({ admin: z.boolean() }).meta({ id: "AdminReply" });
export const userListSchema = listPage(userRowSchema).meta({ id: "UserList" });
export const registerReplySchema = z.object({ success: z.literal(true), created: z.boolean(), message: z.string(), result: userRowSchema }).meta({ id: "RegisterReply" });
export const promoteReplySchema = z.object({ success: z.literal(true), message: z.string(), modifiedCount: z.number().int() }).meta({ id: "PromoteReply" });
export const profileListSchema = z.array(profileViewSchema).min(1).meta({ id: "ProfileList" });
export const passwordChangedSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "PasswordChanged" });
export const profileUpdatedSchema = z.object({ success: z.literal(true), message: z.string(), result: profileViewSchema }).meta({ id: "ProfileUpdated" });

// Administration (Manage All Orders, Manage Product).
export const orderPageSchema = z
  .object({ success: z.literal(true), orders: z.array(orderViewSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), pageCount: z.number().int() })
  .meta({ id: "OrderPage" });
export const orderUpdatedSchema = z.object({ success: z.literal(true), message: z.string(), result: orderViewSchema }).meta({ id: "OrderUpdated" });
export const partUpdatedSchema = z.object({ success: z.literal(true), message: z.string(), result: partViewSchema }).meta({ id: "PartUpdated" });
export const partDeletedSchema = z.object({ success: z.literal(true), deletedCount: z.number().int(), message: z.string() }).meta({ id: "PartDeleted" });

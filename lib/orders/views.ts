import type { DeliveryMethod, OrderDoc, OrderLineFields, OrderStatus, PaymentMethod, PaymentStatus } from "@/models/Order";

/** One part of an order as the API and the pages show it. */
export type OrderLineView = { partId: string; partsname: string; unitPrice: number; quantity: number; total: number };

/**
 * An order as the API shows it. SPEC 7's fields come first, as the original client reads them:
 * `partId`, `partsname`, `quantity` and `unitPrice` are the first line's, `price` is the total.
 */
export type OrderView = {
  _id: string;
  partId: string;
  partsname: string;
  quantity: number;
  unitPrice: number;
  price: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  status: OrderStatus;
  createdAt: string;
  /** The number customers and staff quote. */
  number: string;
  lines: OrderLineView[];
  subtotal: number;
  deliveryMethod: DeliveryMethod;
  deliveryPrice: number;
  /** The estimated delivery date (ISO), when the checkout promised one. */
  deliveryBy: string | null;
  total: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** What a bank transfer quotes; null for other methods. */
  paymentReference: string | null;
};

/** One day of the revenue chart. */
export type RevenueDay = { day: string; orders: number; revenue: number };

/** Orders and revenue since a day, day by day. */
export type OrdersSummary = { since: string; orders: number; revenue: number; days: RevenueDay[] };

type ViewedOrder = OrderDoc & { createdAt?: Date };

/** An order's lines; an order placed before orders had lines is its one line. */
export function linesOf(order: ViewedOrder): OrderLineFields[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [{ partId: order.partId, partsname: order.partsname, unitPrice: order.unitPrice, quantity: order.quantity, total: order.subtotal ?? order.total }];
}

/** The number an order placed before order numbers existed is quoted by: its id's last eight characters. */
const numberOf = (order: ViewedOrder): string => order.number ?? `#${order._id.toString().slice(-8).toUpperCase()}`;

/**
 * Orders placed before checkout had a delivery or a payment method were delivered free and paid in
 * cash on delivery: paid once delivered.
 */
const paymentStatusOf = (order: ViewedOrder): PaymentStatus => order.paymentStatus ?? (order.status === "delivered" ? "paid" : "unpaid");

export function toOrderView(order: ViewedOrder): OrderView {
  return {
    _id: order._id.toString(),
    partId: order.partId.toString(),
    partsname: order.partsname,
    quantity: order.quantity,
    unitPrice: order.unitPrice,
    price: order.total,
    name: order.name,
    email: order.email,
    phone: order.phone,
    address: order.address,
    status: order.status,
    createdAt: (order.createdAt ?? new Date(0)).toISOString(),
    number: numberOf(order),
    lines: linesOf(order).map((line) => ({ partId: line.partId.toString(), partsname: line.partsname, unitPrice: line.unitPrice, quantity: line.quantity, total: line.total })),
    subtotal: order.subtotal ?? order.total,
    deliveryMethod: order.deliveryMethod ?? "standard",
    deliveryPrice: order.deliveryPrice ?? 0,
    deliveryBy: order.deliveryBy ? order.deliveryBy.toISOString() : null,
    total: order.total,
    paymentMethod: order.paymentMethod ?? "cash-on-delivery",
    paymentStatus: paymentStatusOf(order),
    paymentReference: order.paymentReference ?? null,
  };
}

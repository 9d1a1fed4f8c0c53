import type { OrderDoc, OrderStatus } from "@/models/Order";

/** An order as the API shows it; `price` is the total, as the original client reads it. */
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
};

/** One day of the revenue chart. */
export type RevenueDay = { day: string; orders: number; revenue: number };

/** Orders and revenue since a day, day by day. */
export type OrdersSummary = { since: string; orders: number; revenue: number; days: RevenueDay[] };

export function toOrderView(order: OrderDoc & { createdAt?: Date }): OrderView {
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
  };
}

import { ref } from "@/lib/openapi/components";
import { jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { type Parameter, emailPath, idPath, orderListParams, pagingParams } from "@/lib/openapi/parameters";

// The orders' paths: placing, listing, reading one, deleting, paying and moving an order along its life cycle.

const orderId = idPath("key", "The order id.");
/** GET's key: an order id (24 hexadecimal characters) reads that order; an email lists that user's orders. */
const orderOrEmail: Parameter = {
  ...orderId,
  description: "An order id (24 hexadecimal characters), or a user's email (normalised like stored emails: trimmed, lower-cased).",
  schema: { anyOf: [orderId.schema, emailPath("key", "").schema] },
};
const listed = listPage("", "OrderList")["200"];

export const orderPaths = {
  ...pathItem("/orders", {
    get: {
      operationId: "listAllOrders",
      summary: "List every order",
      description: "Every customer's orders, newest first, a page at a time (admin).",
      access: "admin",
      parameters: orderListParams,
      replies: ok(200, "One page of orders with the total count and the number of pages.", "OrderPage"),
    },
  }),
  ...pathItem("/orderd", {
    post: {
      operationId: "placeOrder",
      summary: "Place an order",
      description:
        "Order a part for yourself (signed in). `_id` is the part id; the quantity must lie within the part's minOrder and the lesser of its stock and maxPerOrder (400 outside minOrder..maxPerOrder, 409 above the stock), checked before the order waits for the part's stock lock and again under it. The price is computed by the server in whole cents (unit price × quantity); the stock is taken atomically.",
      access: "self",
      body: jsonBody("OrderInput"),
      replies: ok(201, "The order, with its own `_id` and the part's `partId`.", "OrderPlaced"),
      outcomes: [404, 409],
    },
  }),
  ...pathItem("/orders/{key}", {
    get: {
      operationId: "readOrders",
      summary: "Read an order, or list a customer's orders",
      description:
        "`key` an order id: that order with its lines, subtotal, delivery, total and payment, in `order` (its owner or an admin; 404 for anyone else, as for an order that does not exist). `key` an email: one page of that user's orders, newest first (that user or an admin), SPEC 7's bare array; the paging parameters apply to this form only.",
      access: "self",
      parameters: [orderOrEmail, ...pagingParams],
      replies: {
        "200": {
          description: "By id: `{ success, order }`. By email: the orders of this page.",
          headers: listed.headers,
          content: { "application/json": { schema: { oneOf: [ref("OrderReply"), ref("OrderList")] } } },
        },
      },
      outcomes: [404],
    },
    delete: {
      operationId: "deleteOrder",
      summary: "Delete an order",
      description:
        'Delete an order and put every line\'s quantity back in stock (exactly once). `key` is the order id. Its owner may delete it while its status is "placed" (otherwise 409); an admin may delete any order. An order that is gone is a 404, also to every delete but the first of concurrent ones.',
      access: "self",
      parameters: [orderId],
      replies: ok(200, "`deletedCount` 1.", "OrderDeleted"),
      outcomes: [404, 409],
    },
    patch: {
      operationId: "changeOrderStatus",
      summary: "Change an order's status, or mark it paid",
      description:
        'Admin. `key` is the order id. The body holds exactly one of `status` or `paymentStatus`. `status`: placed → shipped → delivered, or cancelled from placed or shipped (every line\'s quantity goes back in stock, exactly once); delivered and cancelled are final: any other change is a 409. A cash-on-delivery order becomes paid when it is marked delivered. `{ "paymentStatus": "paid" }`: a bank transfer\'s money arrived; 409 when the order is already paid, cancelled, or paid in cash on delivery (paid when delivered, not by hand). A paid order counts in its day\'s revenue.',
      access: "admin",
      parameters: [orderId],
      body: jsonBody("OrderStatusChange"),
      replies: ok(200, "The order with its new status, in `result`.", "OrderUpdated"),
      outcomes: [404, 409],
    },
  }),
  ...pathItem("/orders/{key}/mails", {
    get: {
      operationId: "listOrderMails",
      summary: "List an order's mails",
      description:
        "Admin. `key` is the order id. Every mail the shop queued for the order, oldest first: its kind, to whom, its subject, its state (`queued` while waiting or being tried again, `sent` once the mail server took it, `failed` when every try failed), the tries so far and why the last one failed. A mail still due on the order (queued within seconds) is not listed yet.",
      access: "admin",
      parameters: [orderId],
      replies: ok(200, "The order's mails, in `mails`.", "OrderMails"),
      outcomes: [404],
    },
  }),
  ...pathItem("/orders/{key}/mails/{mailId}/send", {
    post: {
      operationId: "sendOrderMailAgain",
      summary: "Send a failed mail again",
      description:
        "Admin. `key` is the order id, `mailId` one of its mails. A failed mail is queued again with all its tries (its state becomes `queued`); 409 for a mail that is sent or queued already; 503 while the mail queue is not reachable (nothing changed).",
      access: "admin",
      parameters: [orderId, idPath("mailId", "The mail's id.")],
      replies: ok(200, "The mail is queued again.", "MailQueuedAgain"),
      outcomes: [404, 409],
    },
  }),
};

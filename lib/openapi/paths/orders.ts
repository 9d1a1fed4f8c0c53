import { jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { emailPath, idPath, orderListParams, pagingParams } from "@/lib/openapi/parameters";

// The orders' paths: placing, listing, deleting and moving an order along its life cycle.

const orderId = idPath("key", "The order id.");

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
      operationId: "listOrders",
      summary: "List a customer's orders",
      description: "One page of a user's orders, newest first (that user or an admin). `key` is the user's email.",
      access: "self",
      parameters: [emailPath("key", "The user's email."), ...pagingParams],
      replies: listPage("The orders of this page.", "OrderList"),
    },
    delete: {
      operationId: "deleteOrder",
      summary: "Delete an order",
      description:
        'Delete an order and put its quantity back in stock. `key` is the order id. Its owner may delete it while its status is "placed" (otherwise 409); an admin may delete any order. An order that is gone is a 404, also to every delete but the first of concurrent ones.',
      access: "self",
      parameters: [orderId],
      replies: ok(200, "`deletedCount` 1.", "OrderDeleted"),
      outcomes: [404, 409],
    },
    patch: {
      operationId: "changeOrderStatus",
      summary: "Change an order's status",
      description:
        "Change an order's status (admin). `key` is the order id. placed → shipped → delivered, or cancelled from placed or shipped (the quantity goes back in stock, exactly once). Delivered and cancelled are final: any other change is a 409.",
      access: "admin",
      parameters: [orderId],
      body: jsonBody("OrderStatusChange"),
      replies: ok(200, "The order with its new status, in `result`.", "OrderUpdated"),
      outcomes: [404, 409],
    },
  }),
};

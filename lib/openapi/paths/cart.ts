import { jsonBody, ok, pathItem } from "@/lib/openapi/operations";
import { idPath } from "@/lib/openapi/parameters";
import { MAX_CART_LINES } from "@/lib/validation/cart";

// The cart's paths: this browser's cart, the signed-in account's (the same on every device) or the
// visitor's behind the HttpOnly `cart` cookie that the first add sets.

const partId = idPath("partId", "The part id of the line.");

const WHOSE = "The cart is the signed-in account's, else the visitor's named by the HttpOnly `cart` cookie (SameSite=Lax, 30 days). Every reply that changes it also sets `cart-count`, a cookie a page's script may read: the number of items, for the header.";

export const cartPaths = {
  ...pathItem("/cart/items", {
    get: {
      operationId: "readCart",
      summary: "Read the cart",
      description: `The cart with each part as it is now: its price, whether it is in stock, the quantities it allows, and each line's notices (short stock, a price changed since it was added, a part deleted since). No cart is an empty one. ${WHOSE}`,
      access: "public",
      replies: ok(200, "The cart.", "CartReply"),
    },
    post: {
      operationId: "addToCart",
      summary: "Add a part to the cart",
      description: `Adds \`quantity\` of the part, to its line when the cart has one. The line's quantity is clamped to the part's minimum order and the lesser of its stock and per-order maximum, and \`message\` says so ("Only 3 in stock: your cart holds 3 of Brake pads."). An unknown part is a 404; a part out of stock, or a ${MAX_CART_LINES + 1}st different part, is a 409. A visitor without a cart gets the \`cart\` cookie. ${WHOSE}`,
      access: "public",
      body: jsonBody("CartAdd"),
      replies: ok(201, "What the cart now holds of the part, and the cart.", "CartChanged"),
      outcomes: [404, 409],
    },
    delete: {
      operationId: "emptyCart",
      summary: "Empty the cart",
      description: `Removes every line. ${WHOSE}`,
      access: "public",
      replies: ok(200, "The empty cart.", "CartReply"),
    },
  }),
  ...pathItem("/cart/items/{partId}", {
    patch: {
      operationId: "changeCartLine",
      summary: "Change a line's quantity",
      description: `Sets the line's quantity, clamped to the part's rules as when adding (\`message\` says so); 0 removes the line. A part not in the cart is a 404; a part out of stock or deleted since is a 409 (remove its line instead). ${WHOSE}`,
      access: "public",
      parameters: [partId],
      body: jsonBody("CartLineChange"),
      replies: ok(200, "What the cart now holds of the part, and the cart.", "CartChanged"),
      outcomes: [404, 409],
    },
    delete: {
      operationId: "removeCartLine",
      summary: "Remove a line",
      description: `Removes the part's line; a line that is not there changes nothing. ${WHOSE}`,
      access: "public",
      parameters: [partId],
      replies: ok(200, "The cart.", "CartReply"),
    },
  }),
};

import { z } from "zod";
import { MAX_BODY_BYTES } from "@/lib/server/body-cap";
import { EMAIL_DOC_PATTERN, MAX_PAGE, MAX_PAGE_SIZE, MAX_SKIP, PAGE_PARAM_SIZE } from "@/lib/validation/common";
import { passwordChangeSchema } from "@/lib/validation/auth";
import { orderSchema } from "@/lib/validation/orders";
import { orderStatusChangeSchema } from "@/lib/validation/admin-orders";
import { PART_IMAGE_MAX_BYTES, PART_IMAGE_TYPES, partImageUploadedSchema } from "@/lib/validation/part-image";
import { partSchema, partStockSchema, partUpdateSchema } from "@/lib/validation/parts";
import { profileSchema, registerSchema } from "@/lib/validation/profile";
import * as replies from "@/lib/validation/responses";
import { reviewSchema } from "@/lib/validation/reviews";

// GET /openapi.json: every REST path of SPEC 7, with request and reply schemas generated
// from the same zod schemas the handlers parse with and the tests check replies against.

type Json = Record<string, unknown>;

const REQUEST_IDS = ["PartInput", "PartUpdate", "StockChange", "OrderStatusChange", "OrderInput", "ReviewInput", "ProfileInput", "RegisterInput", "PasswordChange"] as const;

// Keeps the imports above alive: their `.meta({ id })` registers them for the generator.
const requestSchemas = { partSchema, partUpdateSchema, partStockSchema, orderStatusChangeSchema, orderSchema, reviewSchema, profileSchema, registerSchema, passwordChangeSchema };
const replySchemas = { ...replies, partImageUploadedSchema };

function componentSchemas(): Record<string, Json> {
  void requestSchemas;
  void replySchemas;
  const uri = (id: string) => `#/components/schemas/${id}`;
  const strip = (schema: object): Json => {
    // $schema is the document's (OpenAPI 3.1 = 2020-12); a fragment $id is not allowed in 2020-12.
    const { $schema: _schema, $id: _id, ...rest } = schema as Json;
    void _schema;
    void _id;
    return rest;
  };
  // Requests are documented as clients send them (input), replies as the server sends them (output).
  const inputs = z.toJSONSchema(z.globalRegistry, { io: "input", uri, unrepresentable: "any" }).schemas;
  const outputs = z.toJSONSchema(z.globalRegistry, { io: "output", uri, unrepresentable: "any" }).schemas;
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(outputs)) out[id] = strip(schema);
  for (const id of REQUEST_IDS) {
    const schema = inputs[id];
    if (schema) out[id] = strip(schema);
  }
  return out;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input: malformed JSON, a body that is not an object, a missing or mistyped field, a query operator where a value belongs, a malformed id or email in the path, or bad paging parameters.",
  401: "No session: sign in first.",
  403: "Signed in, but not allowed to do this (another user's data, or not an admin); also any state-changing request carrying the session cookie whose Origin (or Sec-Fetch-Site) is not the shop's own.",
  404: "Not found.",
  409: "Conflicts with the current state: short stock, a part with no price, an order that can no longer be deleted, a status change the order's life cycle does not allow, a stock change below 0, or a part with open orders.",
  413: `The body is larger than ${MAX_BODY_BYTES} bytes.`,
  415: "The body is not sent as application/json.",
  429: "Too many attempts just now (failed password checks, or review writes of one account); retry after the Retry-After header (seconds).",
  503: "The database is unavailable, the part (or the reviews) busy with a full line of waiting requests, or the server busy checking passwords; retry after the Retry-After header.",
};

function errors(...statuses: number[]): Json {
  const out: Json = {};
  for (const status of statuses) {
    out[String(status)] = { description: STATUS_TEXT[status], content: { "application/json": { schema: ref("Error") } } };
  }
  return out;
}

const ok = (status: number, description: string, schemaId: string) => ({
  [String(status)]: { description, content: { "application/json": { schema: ref(schemaId) } } },
});

const jsonBody = (schemaId: string, required = true) => ({ required, content: { "application/json": { schema: ref(schemaId) } } });

/** A picture file as a body: one of the accepted types. */
const PICTURE_CONTENT = Object.fromEntries(PART_IMAGE_TYPES.map((type) => [type, { schema: { type: "string", format: "binary" } }]));

const SESSION = [{ sessionCookie: [] }];
const PUBLIC: unknown[] = [];

const emailPath = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description: `${description} Normalised like stored emails (trimmed, lower-cased).`,
  schema: { type: "string", maxLength: 254, pattern: EMAIL_DOC_PATTERN },
});

const idPath = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string", pattern: "^[0-9a-fA-F]{24}$" },
});

// The query of pagingQuerySchema (lib/validation/common.ts), as clients send it.
const pagingParams = [
  {
    name: "limit",
    in: "query",
    required: false,
    description: `At most this many, 1 to ${MAX_PAGE_SIZE}. Default ${MAX_PAGE_SIZE} (the first page, so an old client asking for the whole list gets the first ${MAX_PAGE_SIZE}); ${PAGE_PARAM_SIZE} when \`page\` is given without \`limit\`.`,
    schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
  },
  { name: "skip", in: "query", required: false, description: "Skip this many first (default 0; not with page).", schema: { type: "integer", minimum: 0, maximum: MAX_SKIP } },
  { name: "page", in: "query", required: false, description: `Page number from 1, pages of \`limit\` (default ${PAGE_PARAM_SIZE}); not with skip.`, schema: { type: "integer", minimum: 1, maximum: MAX_PAGE } },
];

const NEXT_LINK = {
  Link: {
    description: `RFC 8288 link to the next page, e.g. \`</carparts?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}>; rel="next"\`: a URL relative to the request's, with the same path and other query parameters and explicit \`limit\` and \`skip\`. Sent only when this page is full (as many items as \`limit\`); a shorter page is the last (a full last page links to an empty one). No total count is sent.`,
    schema: { type: "string" },
  },
};

/** A list path's 200: SPEC 7's bare array, with the Link to the next page. */
const listPage = (description: string, schemaId: string) => ({
  "200": { description, headers: NEXT_LINK, content: { "application/json": { schema: ref(schemaId) } } },
});

export function buildOpenApiDocument(): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "AutoParts Hub REST API",
      version: "1.0.0",
      description: [
        "The REST paths of the storefront (SPEC section 7), served at the site root.",
        "",
        "Authentication: the next-auth session cookie (`next-auth.session-token`, `__Secure-next-auth.session-token` over HTTPS), obtained by signing in through `/api/auth/callback/credentials` (see `/api/auth/csrf`). The role is read from the database on every request, so a promotion counts on the user's next call.",
        "",
        "State-changing requests (POST, PUT, PATCH, DELETE) that carry the session cookie must come from the shop's own origin: send `Origin` equal to the site's origin (or `Sec-Fetch-Site: same-origin`), otherwise the reply is 403.",
        "",
        "Signing out, changing the password and a demotion end every session of the account: a cookie taken before is refused (401).",
        "",
        `Every error reply is \`{ "success": false, "message": "…" }\`. Bodies are JSON objects of at most ${MAX_BODY_BYTES} bytes; unknown fields are ignored; a query operator object where a value belongs is a 400.`,
      ].join("\n"),
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The next-auth JWT session cookie." },
      },
      schemas: componentSchemas(),
    },
    paths: {
      "/carparts": {
        get: {
          operationId: "listParts",
          summary: "One page of the catalogue, oldest first (newest last)",
          security: PUBLIC,
          parameters: pagingParams,
          responses: { ...listPage("The parts of this page.", "PartList"), ...errors(400, 503) },
        },
        post: {
          operationId: "addPart",
          summary: "Add a part (admin). The body's email is ignored; the session says who.",
          security: SESSION,
          requestBody: jsonBody("PartInput"),
          responses: { ...ok(201, "The part was added.", "PartCreated"), ...errors(400, 401, 403, 413, 415, 503) },
        },
      },
      "/carparts/{id}": {
        get: {
          operationId: "getPart",
          summary: "One part",
          security: PUBLIC,
          parameters: [idPath("id", "The part id.")],
          responses: { ...ok(200, "The part, in `result`.", "PartReply"), ...errors(400, 404, 503) },
        },
        put: {
          operationId: "updatePart",
          summary: "Edit a part (admin): any of partsname, image, price, minOrder, maxPerOrder, description, with the rules of adding; fields left out are kept. The stock is not set here (use PATCH /carparts/{id}/stock), so orders placed meanwhile are never overwritten.",
          security: SESSION,
          parameters: [idPath("id", "The part id.")],
          requestBody: jsonBody("PartUpdate"),
          responses: { ...ok(200, "The updated part, in `result`.", "PartUpdated"), ...errors(400, 401, 403, 404, 413, 415, 503) },
        },
        delete: {
          operationId: "deletePart",
          summary: "Delete a part (admin). A part with open orders (placed or shipped) is kept: 409 with a message saying so.",
          security: SESSION,
          parameters: [idPath("id", "The part id.")],
          responses: { ...ok(200, "`deletedCount` 1.", "PartDeleted"), ...errors(400, 401, 403, 404, 409, 503) },
        },
      },
      "/carparts/{id}/stock": {
        patch: {
          operationId: "adjustStock",
          summary: "Add (delta > 0) or take away (delta < 0) stock (admin), under the part's stock lock. A result below 0 (or above 1000000) is a 409 and changes nothing.",
          security: SESSION,
          parameters: [idPath("id", "The part id.")],
          requestBody: jsonBody("StockChange"),
          responses: { ...ok(200, "The part with its new stock, in `result`.", "PartUpdated"), ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      "/part-images": {
        post: {
          operationId: "uploadPartImage",
          summary: `Upload a part picture (admin): the file itself as the body, at most ${PART_IMAGE_MAX_BYTES} bytes. Its type is read from its content (JPEG, PNG, WebP or GIF; not SVG), whatever its name or Content-Type. Put the reply's \`url\` in a part's \`image\`. The same file uploaded twice gets the same url.`,
          security: SESSION,
          requestBody: { required: true, content: PICTURE_CONTENT },
          responses: {
            ...ok(201, "The picture's `url`, type and size, in `result`.", "PartImageUploaded"),
            ...errors(400, 401, 403),
            "413": { description: `The picture is larger than ${PART_IMAGE_MAX_BYTES} bytes.`, content: { "application/json": { schema: ref("Error") } } },
            "415": { description: "The body is not a JPEG, PNG, WebP or GIF picture.", content: { "application/json": { schema: ref("Error") } } },
            ...errors(503),
          },
        },
      },
      "/part-images/{id}": {
        get: {
          operationId: "getPartImage",
          summary: "An uploaded part picture, with its content type, an ETag and a year's immutable caching.",
          security: PUBLIC,
          parameters: [{ name: "id", in: "path", required: true, description: "The picture's SHA-256.", schema: { type: "string", pattern: "^[0-9a-f]{64}$" } }],
          responses: {
            "200": { description: "The picture.", content: PICTURE_CONTENT },
            "304": { description: "Not modified: the If-None-Match tag is the picture's." },
            ...errors(400, 404, 503),
          },
        },
      },
      "/orders": {
        get: {
          operationId: "listAllOrders",
          summary: "Every customer's orders, newest first, a page at a time (admin).",
          security: SESSION,
          parameters: [
            { name: "status", in: "query", required: false, description: "Only orders of this status.", schema: { type: "string", enum: ["placed", "shipped", "delivered", "cancelled"] } },
            { name: "page", in: "query", required: false, description: "Page number from 1 (default 1).", schema: { type: "integer", minimum: 1, maximum: 100_000 } },
            { name: "limit", in: "query", required: false, description: `Orders per page, 1 to ${MAX_PAGE_SIZE} (default 20).`, schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE } },
          ],
          responses: { ...ok(200, "One page of orders with the total count and the number of pages.", "OrderPage"), ...errors(400, 401, 403, 503) },
        },
      },
      "/orderd": {
        post: {
          operationId: "placeOrder",
          summary:
            "Order a part for yourself (signed in). `_id` is the part id; the quantity must lie within the part's minOrder and the lesser of its stock and maxPerOrder (400 outside minOrder..maxPerOrder, 409 above the stock), checked before the order waits for the part's stock lock and again under it. The price is computed by the server in whole cents (unit price × quantity); the stock is taken atomically.",
          security: SESSION,
          requestBody: jsonBody("OrderInput"),
          responses: { ...ok(201, "The order, with its own `_id` and the part's `partId`.", "OrderPlaced"), ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      "/orders/{key}": {
        get: {
          operationId: "listOrders",
          summary: "One page of a user's orders, newest first (that user or an admin). `key` is the user's email.",
          security: SESSION,
          parameters: [emailPath("key", "The user's email."), ...pagingParams],
          responses: { ...listPage("The orders of this page.", "OrderList"), ...errors(400, 401, 403, 503) },
        },
        delete: {
          operationId: "deleteOrder",
          summary: "Delete an order and put its quantity back in stock. `key` is the order id. Its owner may delete it while its status is \"placed\" (otherwise 409); an admin may delete any order. An order that is gone is a 404, also to every delete but the first of concurrent ones.",
          security: SESSION,
          parameters: [idPath("key", "The order id.")],
          responses: { ...ok(200, "`deletedCount` 1.", "OrderDeleted"), ...errors(400, 401, 403, 404, 409, 503) },
        },
        patch: {
          operationId: "changeOrderStatus",
          summary: "Change an order's status (admin). `key` is the order id. placed → shipped → delivered, or cancelled from placed or shipped (the quantity goes back in stock, exactly once). Delivered and cancelled are final: any other change is a 409.",
          security: SESSION,
          parameters: [idPath("key", "The order id.")],
          requestBody: jsonBody("OrderStatusChange"),
          responses: { ...ok(200, "The order with its new status, in `result`.", "OrderUpdated"), ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      "/reviews": {
        get: {
          operationId: "listReviews",
          summary: "One page of reviews, newest first",
          security: PUBLIC,
          parameters: pagingParams,
          responses: { ...listPage("The reviews of this page.", "ReviewList"), ...errors(400, 503) },
        },
        post: {
          operationId: "addReview",
          summary:
            "Post your review (signed in). One review per account: the first POST creates it (201); a later POST rewrites your review (200, message says so) instead of adding another. The author's name and picture come from the session; body name and image are ignored. At most 5 review writes per account in 10 minutes (429).",
          security: SESSION,
          requestBody: jsonBody("ReviewInput"),
          responses: {
            ...ok(201, "The new review.", "ReviewCreated"),
            ...ok(200, "Your existing review, rewritten.", "ReviewCreated"),
            ...errors(400, 401, 403, 413, 415, 429, 503),
          },
        },
      },
      "/reviews/{id}": {
        put: {
          operationId: "editReview",
          summary: "Change your review's rating and text (its author only). Counts toward the 5 review writes in 10 minutes.",
          security: SESSION,
          parameters: [idPath("id", "The review id.")],
          requestBody: jsonBody("ReviewInput"),
          responses: { ...ok(200, "The review, in `result`.", "ReviewCreated"), ...errors(400, 401, 403, 404, 413, 415, 429, 503) },
        },
        delete: {
          operationId: "removeReview",
          summary: "Remove a review: its author, or an admin (moderation). 404 once it is gone.",
          security: SESSION,
          parameters: [idPath("id", "The review id.")],
          responses: { ...ok(200, "`deletedCount` 1.", "ReviewRemoved"), ...errors(400, 401, 403, 404, 429, 503) },
        },
      },
      "/admin/{email}": {
        get: {
          operationId: "isAdmin",
          summary: "Whether that user is an admin (that user or an admin)",
          security: SESSION,
          parameters: [emailPath("email", "The user's email.")],
          responses: { ...ok(200, "`admin` true or false.", "AdminReply"), ...errors(400, 401, 403, 503) },
        },
      },
      "/user": {
        get: {
          operationId: "listUsers",
          summary: "One page of users with their role, oldest account first (admin)",
          security: SESSION,
          parameters: pagingParams,
          responses: { ...listPage("The users of this page.", "UserList"), ...errors(400, 401, 403, 503) },
        },
      },
      "/user/{email}": {
        put: {
          operationId: "registerUser",
          summary: "Make sure the signed-in user is registered (idempotent; only that user). The body is optional.",
          security: SESSION,
          parameters: [emailPath("email", "The signed-in user's email.")],
          requestBody: jsonBody("RegisterInput", false),
          responses: { ...ok(200, "`created` says whether the user was new.", "RegisterReply"), ...errors(400, 401, 403, 413, 415, 503) },
        },
      },
      "/user/admin/{email}": {
        put: {
          operationId: "promoteUser",
          summary: "Make that user an admin (admin). No body. Counts on the user's next request.",
          security: SESSION,
          parameters: [emailPath("email", "The user to promote.")],
          responses: { ...ok(200, "`modifiedCount` 1 when promoted, 0 when already an admin.", "PromoteReply"), ...errors(400, 401, 403, 404, 503) },
        },
      },
      "/user/password": {
        put: {
          operationId: "changePassword",
          summary:
            "Change your own password (SPEC 8): `currentPassword` and `newPassword` (at least 6 characters, not one of the most common passwords). An account without a password (made by a Google sign-in) sets its first one by leaving `currentPassword` out. Every other session of the account ends; the reply renews this session's cookie. Without a session: 401 \"No user is logged in\"; a wrong current password: 403.",
          security: SESSION,
          requestBody: jsonBody("PasswordChange"),
          responses: { ...ok(200, "The password is saved.", "PasswordChanged"), ...errors(400, 401, 403, 413, 415, 429, 503) },
        },
      },
      "/user/profile/{email}": {
        get: {
          operationId: "getProfile",
          summary: "A list whose first item is the profile (that user or an admin)",
          security: SESSION,
          parameters: [emailPath("email", "The user's email.")],
          responses: { ...ok(200, "[profile].", "ProfileList"), ...errors(400, 401, 403, 404, 503) },
        },
        put: {
          operationId: "updateProfile",
          summary: "Update your own profile; every field optional (\"\" clears one); the path's email wins over the body's.",
          security: SESSION,
          parameters: [emailPath("email", "The signed-in user's email.")],
          requestBody: jsonBody("ProfileInput"),
          responses: { ...ok(200, "The updated profile, in `result`.", "ProfileUpdated"), ...errors(400, 401, 403, 404, 413, 415, 503) },
        },
      },
    },
  };
}

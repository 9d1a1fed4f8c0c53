import { type Json, componentSchemas } from "@/lib/openapi/components";
import { addressPaths } from "@/lib/openapi/paths/addresses";
import { cartPaths } from "@/lib/openapi/paths/cart";
import { cataloguePaths } from "@/lib/openapi/paths/catalogue";
import { checkoutPaths } from "@/lib/openapi/paths/checkout";
import { fitmentPaths } from "@/lib/openapi/paths/fitment";
import { importPaths } from "@/lib/openapi/paths/imports";
import { orderPaths } from "@/lib/openapi/paths/orders";
import { passwordResetPaths } from "@/lib/openapi/paths/password-resets";
import { reviewPaths } from "@/lib/openapi/paths/reviews";
import { searchSynonymPaths } from "@/lib/openapi/paths/search-synonyms";
import { shopSettingsPaths } from "@/lib/openapi/paths/shop-settings";
import { suggestionPaths } from "@/lib/openapi/paths/suggestions";
import { userPaths } from "@/lib/openapi/paths/users";
import { MAX_BODY_BYTES } from "@/lib/server/body-cap";

// GET /openapi.json: every REST path of SPEC 7 and the shop's own. Bodies, replies, parameters, limits and error
// statuses are generated from the schemas, constants and handler steps the server uses, so the
// document changes when they do.

/** Each area of the shop is one tag, carried by every operation of its paths. */
const AREAS: { name: string; description: string; paths: Record<string, Json> }[] = [
  { name: "Catalogue", description: "The parts for sale: adding, editing and deleting them, their stock and their pictures.", paths: cataloguePaths },
  { name: "Search suggestions", description: "What the header's search box offers while a customer types.", paths: suggestionPaths },
  { name: "Fitment", description: "Which vehicles a part fits: the vehicle selector's lists, a part's fitment and the CSV import.", paths: fitmentPaths },
  { name: "Imports", description: "Parts and fitment files uploaded by the admins and run as background jobs: their progress and refused rows.", paths: importPaths },
  { name: "Cart", description: "The cart of a visitor or a signed-in customer: its lines, with each part as it is now.", paths: cartPaths },
  { name: "Checkout", description: "A quote of the signed-in customer's cart, and placing it as one order, all or nothing.", paths: checkoutPaths },
  { name: "Orders", description: "Placing an order, a customer's orders and every order's life cycle for the admins.", paths: orderPaths },
  { name: "Reviews", description: "The customers' reviews of the shop: one per account, moderated by the admins.", paths: reviewPaths },
  { name: "Users", description: "Accounts: registration, roles, profiles and passwords, and a forgotten password reset by mail.", paths: { ...userPaths, ...passwordResetPaths } },
  { name: "Addresses", description: "A customer's saved delivery addresses, one of them the default.", paths: addressPaths },
  { name: "Search synonyms", description: "The admin's groups of phrases a search treats as one: rotor, disc and brake disc; tire and tyre.", paths: searchSynonymPaths },
  { name: "Shop settings", description: "What the admins set for the whole shop: delivery prices and days, free delivery, the unpaid-transfer hold and the bank details.", paths: shopSettingsPaths },
];

/** The area's paths, each operation tagged with the area's name. */
function tagged(name: string, paths: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(paths).map(([path, item]) => [path, Object.fromEntries(Object.entries(item).map(([method, op]) => [method, { tags: [name], ...(op as Json) }]))]));
}

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
      // The API is the shop's own, under no public licence: SPDX's form for a licence of one's own is LicenseRef-.
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-AutoParts-Hub-Proprietary" },
      contact: { name: "AutoParts Hub" },
    },
    servers: [{ url: "/", description: "The shop itself: the paths are served at the site's root." }],
    tags: AREAS.map(({ name, description }) => ({ name, description })),
    components: {
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The next-auth JWT session cookie." },
      },
      schemas: componentSchemas(),
    },
    paths: Object.assign({}, ...AREAS.map(({ name, paths }) => tagged(name, paths))),
  };
}

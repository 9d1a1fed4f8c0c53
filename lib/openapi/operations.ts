import { type Json, ref } from "@/lib/openapi/components";
import type { Parameter } from "@/lib/openapi/parameters";
import { JSON_MEDIA_TYPE } from "@/lib/http/body";
import { bodyCapFor, bodyTooLargeMessage } from "@/lib/server/body-cap";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { PART_IMAGE_TYPES } from "@/lib/validation/part-image";

// One operation of the document, described by the steps its handler takes (who may call it, which
// parameters and body it parses); the error statuses follow from those steps, so they are not
// listed again for each path.

/** Who may call: the guard of lib/auth/api-guards.ts the handler runs (or the check of the lib/ function it calls). */
type Access = "public" | "signedIn" | "self" | "admin";

/** What the handler's lib/ function itself can refuse beyond the common steps. */
type Outcome = 404 | 409 | 429;

type Body = { required: boolean; content: Json; tooLarge?: string; wrongType: string };

type OperationSpec = {
  operationId: string;
  /** One line, as a menu of operations shows it. */
  summary: string;
  /** What the operation does and the rules it applies, in full. */
  description: string;
  access: Access;
  parameters?: Parameter[];
  body?: Body;
  /** The successful replies, and any error reply with fields of its own. */
  replies: Json;
  outcomes?: Outcome[];
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input: malformed JSON, a body that is not an object, a missing or mistyped field, a query operator where a value belongs, a malformed id or email in the path, or bad paging parameters.",
  401: "No session: sign in first.",
  403: "Signed in, but not allowed to do this (another user's data, or not an admin); also any state-changing request carrying the session cookie whose Origin (or Sec-Fetch-Site) is not the shop's own.",
  404: "Not found.",
  409: "Conflicts with the current state: short stock, a part with no price, an order that can no longer be deleted, a status change the order's life cycle does not allow, a stock change below 0, or a part with open orders.",
  429: "Too many attempts just now (failed password checks, or review writes of one account); retry after the Retry-After header (seconds).",
  503: "The database is unavailable, the part (or the reviews) busy with a full line of waiting requests, or the server busy checking passwords; retry after the Retry-After header.",
};

/** requireUser answers 401; requireAdmin and requireSelf (or an owner check) 403 as well. */
const ACCESS_REFUSALS: Record<Access, number[]> = { public: [], signedIn: [401], self: [401, 403], admin: [401, 403] };

const SESSION = [{ sessionCookie: [] }];
const PUBLIC: unknown[] = [];

const jsonContent = (schemaId: string) => ({ [JSON_MEDIA_TYPE]: { schema: ref(schemaId) } });

const errorReply = (description: string) => ({ description, content: jsonContent("Error") });

/** A JSON object body, read by readJsonBody (lib/http/body.ts). */
export const jsonBody = (schemaId: string, required = true): Body => ({ required, content: jsonContent(schemaId), wrongType: `The body is not sent as ${JSON_MEDIA_TYPE}.` });

/** A fitment CSV as the raw body (POST /fitment-imports). */
export const csvBody: Body = { required: true, content: { "text/csv": { schema: { type: "string" } } }, wrongType: "The body is not sent as text/csv (or text/plain)." };

/** A picture file as a body: one of the accepted types. */
export const PICTURE_CONTENT = Object.fromEntries(PART_IMAGE_TYPES.map((type) => [type, { schema: { type: "string", format: "binary" } }]));

/** A picture file as the raw body; its type is read from its bytes. */
export const pictureBody: Body = { required: true, content: PICTURE_CONTENT, wrongType: `The body is not a picture of one of these types: ${PART_IMAGE_TYPES.join(", ")}.` };

export const ok = (status: number, description: string, schemaId: string) => ({ [String(status)]: { description, content: jsonContent(schemaId) } });

const NEXT_LINK = {
  Link: {
    description: `RFC 8288 link to the next page, e.g. \`</carparts?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}>; rel="next"\`: a URL relative to the request's, with the same path and other query parameters and explicit \`limit\` and \`skip\`. Sent only when this page is full (as many items as \`limit\`); a shorter page is the last (a full last page links to an empty one). No total count is sent.`,
    schema: { type: "string" },
  },
};

/** A list path's 200 (pagedReply, lib/http/paging.ts): SPEC 7's bare array, with the Link to the next page. */
export const listPage = (description: string, schemaId: string) => ({ "200": { description, headers: NEXT_LINK, content: jsonContent(schemaId) } });

/** The error replies an operation can give, from the steps its handler takes. */
function refusals(path: string, method: string, { access, parameters = [], body, outcomes = [] }: OperationSpec): Json {
  const out: Json = {};
  const add = (status: number, description = STATUS_TEXT[status] ?? "") => (out[String(status)] ??= errorReply(description));
  if (parameters.length > 0 || body) add(400);
  for (const status of ACCESS_REFUSALS[access]) add(status);
  // route() refuses a cross-site write that carries the session cookie (lib/http/origin.ts).
  if (method !== "get" && access !== "public") add(403);
  // The server's body filter caps every request's body, whatever its method, before a handler runs;
  // for an operation that reads a body this is also the handler's own cap.
  add(413, bodyTooLargeMessage(bodyCapFor(path)));
  if (body) add(415, body.wrongType);
  for (const status of outcomes) add(status);
  // Every handler reaches the database (or waits for a lock on it).
  add(503);
  return out;
}

function operation(path: string, method: string, spec: OperationSpec): Json {
  const { operationId, summary, description, access, parameters, body, replies } = spec;
  return {
    operationId,
    summary,
    description,
    security: access === "public" ? PUBLIC : SESSION,
    ...(parameters && { parameters }),
    ...(body && { requestBody: { required: body.required, content: body.content } }),
    // A reply the spec gives for an error status (a refusal with fields of its own) stands in for the common one.
    responses: { ...replies, ...Object.fromEntries(Object.entries(refusals(path, method, spec)).filter(([status]) => !(status in replies))) },
  };
}

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The operations of one path, keyed by method. */
export function pathItem(path: string, operations: Partial<Record<Method, OperationSpec>>): Record<string, Json> {
  const item: Record<string, Json> = {};
  for (const [method, spec] of Object.entries(operations)) item[method] = operation(path, method, spec);
  return { [path]: item };
}

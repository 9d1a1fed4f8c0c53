import { jsonReply, route } from "@/lib/http";
import { buildOpenApiDocument } from "@/lib/openapi";

let document: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 description of the REST paths. */
export const GET = route(async () => jsonReply((document ??= buildOpenApiDocument())));

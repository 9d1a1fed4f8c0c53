import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";

let document: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 description of the REST paths. */
export const GET = route(async () => jsonReply((document ??= buildOpenApiDocument())));

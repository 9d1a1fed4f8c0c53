import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBodyBytes, readJsonBody } from "@/lib/http/body";
import { HttpError } from "@/lib/http/errors";
import { FIRST_YEAR, lastYear } from "@/lib/vocabulary/vehicles";
import { emailParam, objectIdParam } from "@/lib/http/params";
import { slugParam, vehicleQueryParam, yearParam } from "@/lib/fitment/vehicle-params";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { bodyCapFor } from "@/lib/server/body-cap";
import { orderListQuerySchema } from "@/lib/validation/admin-orders";
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_SKIP, pagingQuerySchema } from "@/lib/validation/common";
import { PART_IMAGE_MAX_BYTES, partImageIdSchema } from "@/lib/validation/part-image";
import { ORDER_STATUSES } from "@/models/Order";

// What /openapi.json tells a client must be what the handlers do: the same bounds, patterns, body
// caps, content types and error statuses. Each check asks the handler's own parser or reads the
// handler, so a limit changed on one side only fails here.

type Schema = { type?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; pattern?: string; enum?: unknown[]; anyOf?: Schema[] };
type Parameter = { name: string; in: string; schema: Schema };
type Operation = { security: unknown[]; parameters?: Parameter[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { description: string; headers?: object }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

const doc = buildOpenApiDocument() as Doc;
const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.entries(item).map(([method, op]) => ({ route, method, op })));

/** Whether a value meets a parameter's documented schema (the keywords the document uses). */
function documentedAccepts(schema: Schema, value: string | number): boolean {
  if (schema.anyOf) return schema.anyOf.some((one) => documentedAccepts(one, value));
  if (schema.enum) return schema.enum.includes(value);
  if (schema.type === "integer") {
    return typeof value === "number" && Number.isInteger(value) && value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
  }
  const text = String(value);
  return text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && (schema.pattern === undefined || new RegExp(schema.pattern).test(text));
}

const queryParams = (route: string, method = "get") => (doc.paths[route]?.[method]?.parameters ?? []).filter((p) => p.in === "query" && p.name !== "vehicle");

/** The edges of a number parameter: the shop's constant and the document's own bounds, each side. */
function edges(schema: Schema, constant: number): number[] {
  return [...new Set([constant, schema.minimum ?? 0, schema.maximum ?? 0].flatMap((n) => [n - 1, n, n + 1]))];
}

describe("the paging parameters", () => {
  const constants: Record<string, number> = { limit: MAX_PAGE_SIZE, skip: MAX_SKIP, page: MAX_PAGE };

  it.each(["/carparts", "/reviews", "/user", "/orders/{key}"])("of %s accept exactly what pagingQuerySchema accepts", (route) => {
    const params = queryParams(route);
    expect(params.map((p) => p.name)).toEqual(["limit", "skip", "page"]);
    for (const { name, schema } of params) {
      for (const value of edges(schema, constants[name] ?? 0)) {
        expect(documentedAccepts(schema, value), `${route} ${name}=${value}`).toBe(pagingQuerySchema.safeParse({ [name]: String(value) }).success);
      }
    }
  });

  it("of GET /orders accept exactly what orderListQuerySchema accepts", () => {
    const params = queryParams("/orders");
    expect(params.map((p) => p.name)).toEqual(["status", "page", "limit"]);
    for (const { name, schema } of params) {
      const samples = name === "status" ? [...ORDER_STATUSES, "lost", ""] : edges(schema, name === "limit" ? MAX_PAGE_SIZE : MAX_PAGE);
      for (const value of samples) {
        expect(documentedAccepts(schema, value), `status=${value}`).toBe(orderListQuerySchema.safeParse({ [name]: String(value) }).success);
      }
    }
  });
});

describe("the vehicle filter of GET /carparts", () => {
  it("accepts exactly what vehicleQueryParam accepts", () => {
    const param = (doc.paths["/carparts"]?.get?.parameters ?? []).find((p) => p.name === "vehicle")!;
    const accepts = (raw: string) => {
      try {
        vehicleQueryParam(raw);
        return true;
      } catch (error) {
        if (error instanceof HttpError && error.status === 400) return false;
        throw error;
      }
    };
    // The year's range is in the description: the pattern holds the shape.
    for (const sample of ["2016/honda/civic", "2016/mercedes-benz/c-class", "2016/Honda/civic", "2016/honda", "16/honda/civic", "2016/honda/civic/2-0", "2016//civic", "2016/honda/-civic"]) {
      expect(documentedAccepts(param.schema, sample), sample).toBe(accepts(sample));
    }
  });
});

describe("the path parameters", () => {
  const accepts = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return false;
      throw error;
    }
  };
  // The parser each handler runs on its path segment.
  const PARSERS = {
    id: (raw: string) => accepts(() => objectIdParam(raw, "The id")),
    email: (raw: string) => accepts(() => emailParam(raw)),
    // GET /orders/{key}: an order id reads that order, an email lists that user's orders.
    idOrEmail: (raw: string) => accepts(() => objectIdParam(raw, "The id")) || accepts(() => emailParam(raw)),
    picture: (raw: string) => partImageIdSchema.safeParse(raw).success,
    year: (raw: string) => accepts(() => yearParam(raw)),
    slug: (raw: string) => accepts(() => slugParam(raw, "The name")),
  };
  const vehicle = { year: "year", make: "slug", model: "slug" } as const;
  // One parser for every segment of the path, or one per segment.
  const HANDLER_PARSER: Record<string, keyof typeof PARSERS | Record<string, keyof typeof PARSERS>> = {
    "get /carparts/{id}": "id", "put /carparts/{id}": "id", "delete /carparts/{id}": "id", "patch /carparts/{id}/stock": "id",
    "get /part-images/{id}": "picture",
    "patch /cart/items/{partId}": "id", "delete /cart/items/{partId}": "id",
    "get /orders/{key}": "idOrEmail", "delete /orders/{key}": "id", "patch /orders/{key}": "id",
    "get /orders/{key}/mails": "id", "post /orders/{key}/mails/{mailId}/send": "id",
    "put /reviews/{id}": "id", "delete /reviews/{id}": "id",
    "put /search-synonyms/{id}": "id", "delete /search-synonyms/{id}": "id",
    "get /admin/{email}": "email", "put /user/{email}": "email", "put /user/admin/{email}": "email",
    "get /user/profile/{email}": "email", "put /user/profile/{email}": "email",
    "patch /user/addresses/{id}": "id", "delete /user/addresses/{id}": "id",
    "get /carparts/{id}/fitment": "id", "post /carparts/{id}/fitment": "id", "put /carparts/{id}/universal": "id",
    "delete /carparts/{id}/fitment/{year}/{make}/{model}": { id: "id", ...vehicle },
    "get /vehicle-years/{year}/makes": "year", "get /vehicle-years/{year}/makes/{make}/models": { year: "year", make: "slug" },
    "get /vehicle-years/{year}/makes/{make}/models/{model}/engines": vehicle,
    "get /imports/{id}": "id", "get /imports/{id}/refused.csv": "id",
  };
  const SAMPLES = {
    id: ["0123456789abcdef01234567", "0123456789ABCDEF01234567", "0123456789abcdef0123456", "0123456789abcdef012345678", "0123456789abcdeg01234567", "", "0123456789abcdef01234567\n"],
    email: ["jane@example.com", "jane.doe+parts@example.com", "JANE@EXAMPLE.COM", "a@b.co", "alice@example.com.", ".alice@example.com", "alice@example..com", "jane@@example.com", "x@y", "", `${"a".repeat(242)}@example.com`, `${"a".repeat(243)}@example.com`],
    picture: ["a".repeat(64), "A".repeat(64), "a".repeat(63), "a".repeat(65), "g".repeat(64)],
    year: ["2015", String(FIRST_YEAR - 1), String(FIRST_YEAR), String(lastYear()), String(lastYear() + 1), "abcd", "201", "20151"],
    slug: ["honda", "mercedes-benz", "3-series", "Honda", "-honda", "honda-", "a--b", "a b", "škoda", "x".repeat(60), "x".repeat(61)],
  };
  // A path segment is text; a segment documented as an integer is the number its digits stand for.
  const asDocumented = (schema: Schema, sample: string) => (schema.type === "integer" && /^\d+$/.test(sample) ? Number(sample) : sample);

  it("accept exactly what the handler's parser accepts", () => {
    const seen: string[] = [];
    for (const { route, method, op } of operations) {
      for (const param of (op.parameters ?? []).filter((p) => p.in === "path")) {
        const operation = `${method} ${route}`;
        const handler = HANDLER_PARSER[operation];
        const parser = typeof handler === "object" ? handler[param.name] : handler;
        expect(parser, `${operation}: which parser reads {${param.name}}?`).toBeDefined();
        if (!parser) continue;
        seen.push(operation);
        for (const sample of Object.values(SAMPLES).flat()) {
          expect(documentedAccepts(param.schema, asDocumented(param.schema, sample)), `${operation} {${param.name}} ${JSON.stringify(sample)}`).toBe(PARSERS[parser](sample));
        }
      }
    }
    expect([...new Set(seen)].sort()).toEqual(Object.keys(HANDLER_PARSER).sort());
  });
});

describe("the bodies", () => {
  const jsonOperations = operations.filter(({ op }) => op.requestBody?.content["application/json"]);
  const sized = (bytes: number) => `{"a":"${"x".repeat(bytes - 8)}"}`;
  const statusOf = async (promise: Promise<unknown>) => promise.then(() => 200, (error: unknown) => (error instanceof HttpError ? error.status : 500));
  const documentedCap = (op: Operation) => Number(/(\d+) bytes/.exec(op.responses["413"]?.description ?? "")?.[1]);

  it("are read up to the documented size, by the server's filter and by the handler, and refused one byte over", async () => {
    expect(jsonOperations).not.toHaveLength(0);
    for (const { route, method, op } of jsonOperations) {
      const cap = documentedCap(op);
      expect(bodyCapFor(route), `${method} ${route}`).toBe(cap);
      for (const contentType of Object.keys(op.requestBody?.content ?? {})) {
        const post = (body: string) => new Request("http://shop.test/x", { method: "POST", body, headers: { "content-type": contentType } });
        expect(await statusOf(readJsonBody(post(sized(cap)))), `${method} ${route} ${contentType}`).toBe(200);
        expect(await statusOf(readJsonBody(post(sized(cap + 1)))), `${method} ${route}`).toBe(413);
      }
    }
    const upload = doc.paths["/part-images"]!.post!;
    const cap = documentedCap(upload);
    expect(bodyCapFor("/part-images")).toBe(cap);
    const picture = (bytes: number) => new Request("http://shop.test/part-images", { method: "POST", body: new Uint8Array(bytes) });
    expect(await statusOf(readBodyBytes(picture(cap), PART_IMAGE_MAX_BYTES))).toBe(200);
    expect(await statusOf(readBodyBytes(picture(cap + 1), PART_IMAGE_MAX_BYTES))).toBe(413);
  });
});

describe("the error statuses", () => {
  /** The source of the handler of one operation, from `export const METHOD =` to the next export. */
  function handlerSource(route: string, method: string): string {
    const file = path.join("app", ...route.split("/").map((segment) => segment.replace(/^\{(.+)\}$/, "[$1]")), "route.ts");
    const source = readFileSync(file, "utf8");
    const start = source.indexOf(`export const ${method.toUpperCase()} =`);
    expect(start, `${file} ${method}`).toBeGreaterThanOrEqual(0);
    const end = source.indexOf("export const", start + 1);
    return source.slice(start, end < 0 ? undefined : end);
  }

  it.each(operations.map(({ route, method, op }) => [`${method} ${route}`, route, method, op] as const))("of %s are the ones its handler's steps can answer", (_name, route, method, op) => {
    const handler = handlerSource(route, method);
    const calls = (name: string) => handler.includes(`${name}(`);
    const documented = (status: number) => status in op.responses;
    const signedIn = calls("requireUser") || calls("requireAdmin") || calls("currentSession");
    expect(op.security.length > 0, "needs a session").toBe(signedIn);
    expect(documented(401), "401").toBe(signedIn);
    if (calls("requireAdmin") || calls("requireSelf") || (signedIn && method !== "get")) expect(documented(403), "403").toBe(true);
    if (!signedIn) expect(documented(403), "403").toBe(false);
    // storeUploadedImport streams a multipart body (lib/imports/upload.ts) and checks its fields.
    const parses = ["parseWith", "objectIdParam", "emailParam", "yearParam", "slugParam", "readBodyBytes", "readJsonBody", "storeUploadedImport"].some(calls);
    expect(documented(400), "400").toBe(parses);
    const readsBody = calls("readJsonBody") || calls("readBodyBytes") || calls("storeUploadedImport");
    // The server's body filter caps every request, so every operation can answer 413.
    expect(documented(413), "413").toBe(true);
    expect(documented(415), "415").toBe(readsBody);
    expect(Boolean(op.requestBody), "request body").toBe(readsBody);
    expect(Boolean(op.responses["200"]?.headers), "Link header").toBe(calls("pagedReply"));
    expect(documented(503), "503").toBe(true);
  });
});

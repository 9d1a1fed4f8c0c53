import { describe, expect, it } from "vitest";
import { assertSameOrigin } from "@/lib/http/origin";
import { HttpError } from "@/lib/http/errors";
import { nextPageLink, pagedReply } from "@/lib/http/paging";
import { readJsonBody } from "@/lib/http/body";
import { BROWSER_ORIGIN_HEADER } from "@/lib/http/origin";
import { signUpSchema } from "@/lib/validation/auth";
import { CONTROL_CHARACTER_MESSAGE, MAX_PAGE_SIZE, MAX_SKIP, pagingQuerySchema } from "@/lib/validation/common";
import { orderQuantity, orderTotal, purchaseFormSchema } from "@/lib/validation/orders";

describe("order quantity: the text typed, whole numbers only", () => {
  it.each([[1, 1], ["3", 3], [" 12 ", 12], ["007", 7]])("accepts %j", (input, expected) => {
    expect(orderQuantity.parse(input)).toBe(expected);
  });
  it.each([0, -1, 1.5, "-1", "1.5", "1e3", "", " ", "0", "abc", "0x10", null, true, [], { $gt: 0 }, 10_000_000, "10000000"])("refuses %j", (input) => {
    expect(orderQuantity.safeParse(input).success).toBe(false);
  });
});

describe("paging", () => {
  it("defaults to the first page of MAX_PAGE_SIZE, and turns page into skip (pages of 20 without limit)", () => {
    expect(pagingQuerySchema.parse({})).toEqual({ limit: MAX_PAGE_SIZE, skip: 0 });
    expect(pagingQuerySchema.parse({ skip: "250" })).toEqual({ limit: MAX_PAGE_SIZE, skip: 250 });
    expect(pagingQuerySchema.parse({ limit: "10", page: "3" })).toEqual({ limit: 10, skip: 20 });
    expect(pagingQuerySchema.parse({ page: "2" })).toEqual({ limit: 20, skip: 20 });
  });
  it.each([{ limit: "0" }, { limit: "101" }, { skip: "-1" }, { limit: ["1", "2"] }, { skip: "1", page: "1" }, { page: "1.0" }])("refuses %j", (query) => {
    expect(pagingQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe("the Link to the next page", () => {
  it("is sent for a full page only, with the same path and other parameters and explicit limit and skip", () => {
    expect(nextPageLink("http://shop.test/carparts", { limit: 100, skip: 0 }, 100)).toBe('</carparts?limit=100&skip=100>; rel="next"');
    expect(nextPageLink("http://shop.test/carparts", { limit: 100, skip: 0 }, 99)).toBeNull();
    expect(nextPageLink("http://shop.test/reviews?page=3&limit=5&x=a%20b", { limit: 5, skip: 10 }, 5)).toBe('</reviews?x=a+b&limit=5&skip=15>; rel="next"');
    expect(nextPageLink("http://shop.test/orders/jane%40example.com?skip=7", { limit: 100, skip: 7 }, 100)).toBe('</orders/jane%40example.com?limit=100&skip=107>; rel="next"');
  });
  it("is not sent when the next skip would be refused", () => {
    expect(nextPageLink("http://shop.test/user", { limit: 100, skip: MAX_SKIP - 50 }, 100)).toBeNull();
    expect(nextPageLink("http://shop.test/user", { limit: 100, skip: MAX_SKIP - 100 }, 100)).toBe(`</user?limit=100&skip=${MAX_SKIP}>; rel="next"`);
  });
  it("pagedReply sends the bare array with the header", async () => {
    const reply = pagedReply(new Request("http://shop.test/user?limit=2"), [1, 2], { limit: 2, skip: 0 });
    expect(await reply.json()).toEqual([1, 2]);
    expect(reply.headers.get("link")).toBe('</user?limit=2&skip=2>; rel="next"');
    expect(pagedReply(new Request("http://shop.test/user?limit=2"), [1], { limit: 2, skip: 0 }).headers.get("link")).toBeNull();
  });
});

it("an order total is unit price × quantity to the cent", () => {
  expect(orderTotal(12.5, 4)).toBe(50);
  expect(orderTotal(0.1, 3)).toBe(0.3);
  expect(orderTotal(19.99, 7)).toBe(139.93);
});

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 0;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

describe("readJsonBody", () => {
  const post = (body: string, contentType?: string) =>
    new Request("http://shop.test/x", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

  it("reads a JSON object", async () => {
    expect(await readJsonBody(post('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
  });
  it("answers 415, 413 and 400 for the wrong type, size and shape", async () => {
    expect(await statusOf(readJsonBody(post('{"a":1}', "text/plain")))).toBe(415);
    expect(await statusOf(readJsonBody(post(`{"a":"${"x".repeat(17_000)}"}`, "application/json")))).toBe(413);
    expect(await statusOf(readJsonBody(post("{", "application/json")))).toBe(400);
    expect(await statusOf(readJsonBody(post('"text"', "application/json")))).toBe(400);
    expect(await statusOf(readJsonBody(post("[]", "application/json")))).toBe(400);
  });
  it("with optional, no body at all is an empty object", async () => {
    expect(await readJsonBody(new Request("http://shop.test/x", { method: "PUT" }), { optional: true })).toEqual({});
  });
});

describe("assertSameOrigin", () => {
  const req = (method: string, headers: Record<string, string>) => new Request("http://shop.test/x", { method, headers });
  const cookie = { cookie: "next-auth.session-token=abc" };
  const refused = (r: Request) => {
    try {
      assertSameOrigin(r);
      return false;
    } catch (error) {
      return error instanceof HttpError && error.status === 403;
    }
  };

  // What the request filter stamps: the origin the browser used.
  const browserOn = (origin: string) => ({ [BROWSER_ORIGIN_HEADER]: origin });

  it("lets same-origin state changes and every GET through", () => {
    expect(refused(req("POST", { ...cookie, ...browserOn("http://shop.test"), origin: "http://shop.test" }))).toBe(false);
    expect(refused(req("POST", { ...cookie, ...browserOn("http://127.0.0.1:3000"), origin: "http://127.0.0.1:3000" }))).toBe(false);
    expect(refused(req("DELETE", { ...cookie, "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(refused(req("GET", { ...cookie, origin: "https://evil.example" }))).toBe(false);
    // No session cookie: nothing to abuse; the guards answer 401.
    expect(refused(req("POST", { origin: "https://evil.example" }))).toBe(false);
  });
  it("refuses cross-site and unlabelled state changes that carry the session cookie", () => {
    expect(refused(req("POST", { ...cookie, origin: "https://evil.example" }))).toBe(true);
    expect(refused(req("PUT", { cookie: "next-auth.session-token.0=abc", origin: "https://evil.example" }))).toBe(true);
    expect(refused(req("PUT", { ...cookie, "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(refused(req("DELETE", { ...cookie, "sec-fetch-site": "same-site" }))).toBe(true);
    expect(refused(req("POST", cookie))).toBe(true);
  });
  it("compares with the origin the browser used, not with the address the server listens on", () => {
    // request.url names next start's own host; only the stamped browser origin counts.
    expect(refused(req("POST", { ...cookie, origin: "http://shop.test" }))).toBe(true);
    expect(refused(req("POST", { ...cookie, ...browserOn("http://localhost:3000"), origin: "http://127.0.0.1:3000" }))).toBe(true);
  });
});

describe("purchase form: the shared order fields with this part's range", () => {
  const schema = purchaseFormSchema(2, 10);
  const valid = { name: "Jane", email: "jane@example.com", quantity: "3", phone: "555 0100", address: "1 Main St" };

  it("keeps the quantity as the text typed", () => {
    expect(schema.parse(valid).quantity).toBe("3");
  });
  it.each(["1", "11", "2.5", "", "abc", "-3"])("gives SPEC 5's range message for %j", (quantity) => {
    const result = schema.safeParse({ ...valid, quantity });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Min Order 2 Max order 10"]);
  });
  it("accepts both ends of the range", () => {
    expect(schema.safeParse({ ...valid, quantity: "2" }).success).toBe(true);
    expect(schema.safeParse({ ...valid, quantity: "10" }).success).toBe(true);
  });
  it("asks for the address (two spaces, as specified) and the phone number", () => {
    const result = schema.safeParse({ ...valid, address: " ", phone: "" });
    // The form shows the first message of each field.
    const first = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) if (!first.has(issue.path.join("."))) first.set(issue.path.join("."), issue.message);
    expect(Object.fromEntries(first)).toEqual({ phone: "Phone Number is required", address: "address  is required" });
  });
});

describe("stored text, emails and prices", () => {
  it("sign-up refuses a control character in the name, and an email that is not a plain address", () => {
    const valid = { email: "jane.doe@example.com", password: "brake-pads-42", name: "Jane" };
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, name: "Ja\u0000ne" }).error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    for (const email of ["ja\u0000ne@example.com", "<jane@example.com>", "jane@exa mple.com", "jane@@example.com"]) {
      expect(signUpSchema.safeParse({ ...valid, email }).success, JSON.stringify(email)).toBe(false);
    }
  });

  it("totals are whole cents, however large the order", () => {
    expect(orderTotal(0.29, 999)).toBe(289.71);
    expect(orderTotal(0.1, 3)).toBe(0.3);
    expect(orderTotal(999_999.99, 1_000_000)).toBe(999_999_990_000);
  });
});

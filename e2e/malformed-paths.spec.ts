import { expect, test } from "@playwright/test";

// Next's router answers a bare 500 to paths it cannot decode; proxy.ts refuses them with a 400 first.
test("paths with a broken %-escape get a 400, in the API's error shape on API paths", async ({ request }) => {
  for (const path of ["/carparts/%ZZ", "/orders/%E0%A4%A", "/user/profile/%E0"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: expect.stringContaining("not valid") });
  }
  for (const path of ["/parts/%E0%A4%A", "/%E0", "/dashboard/%E0"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(await res.text()).toContain("Bad request");
  }
  // A well-formed escape still reaches its page.
  expect((await request.get("/parts/caf%C3%A9")).status()).toBe(404);
  expect((await request.get("/parts")).status()).toBe(200);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

/** A POST to the sign-in page naming a server action, as a script or a stale page sends it. */
function postAction(headers: Record<string, string>, body: BodyInit): Promise<Response> {
  return fetch(`${server.baseUrl}/signin`, { method: "POST", headers: { origin: server.baseUrl, ...headers }, body, redirect: "manual" });
}

function actionForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("POSTs naming a server action the shop does not have", () => {
  it("get Next's short refusal, and each leaves one escaped line in the log, no stack", async () => {
    const before = server.output().length;
    const unknownId = "7f" + "0".repeat(40);
    const replies = [
      await postAction({ "next-action": "not-an-action", "content-type": "text/plain;charset=UTF-8" }, "[]"),
      await postAction({ "next-action": unknownId, "content-type": "text/plain;charset=UTF-8" }, "[]"),
      await postAction({}, actionForm({ [`$ACTION_ID_${unknownId}`]: "", email: "a@b.cd" })),
      await postAction({}, actionForm({ $ACTION_REF_1: "", "1_$ACTION_ID_x": "" })),
      // An id of the right length that carries a line break, to forge a log line of its own.
      await postAction({}, actionForm({ [`$ACTION_ID_${"a".repeat(20)}\n[auth] forged${"b".repeat(7)}`]: "" })),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([400, 409, 409, 400, 409]);
    expect(await replies[0]?.text()).toBe("Invalid Server Action request.");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = server.output().slice(before);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/^\[auth\] forged/m);
    expect(log.match(/^\[server\] refused server action: /gm)).toHaveLength(replies.length);
  });
});

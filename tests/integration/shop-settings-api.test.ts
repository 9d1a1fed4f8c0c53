import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "@/lib/settings/shop-settings";
import { shopSettingsReplySchema, shopSettingsSavedSchema } from "@/lib/validation/shop-settings";
import { setUpApiWorld } from "../support/api";
import type { Client } from "../support/client";

// The admins' shop settings through GET and PATCH /shop-settings of a real server.

const world = setUpApiWorld();

const read = (client: Client) => client.get<{ message: string }>("/shop-settings");
const change = (client: Client, body: unknown) => client.call<{ message: string }>("PATCH", "/shop-settings", { json: body });

describe("the shop settings", () => {
  it("are the admins' alone: 401 without a session, 403 for a customer, and a customer's change changes nothing", async () => {
    expect((await read(world.nobody)).status).toBe(401);
    expect((await change(world.nobody, { freeStandardDeliveryFrom: 1 })).status).toBe(401);
    expect((await read(world.alice)).status).toBe(403);
    const refused = await change(world.alice, { freeStandardDeliveryFrom: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only an administrator can do this.");
    expect(shopSettingsReplySchema.parse((await read(world.carol)).body).settings).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it("are changed by an admin and read back as changed, the others kept", async () => {
    const saved = await change(world.carol, { freeStandardDeliveryFrom: 75, unpaidTransferDays: 3, bankIban: "DE89 3704 0044 0532 0130 00" });
    expect(saved.status).toBe(200);
    const expected = { ...DEFAULT_SHOP_SETTINGS, freeStandardDeliveryFrom: 75, unpaidTransferDays: 3, bankIban: "DE89 3704 0044 0532 0130 00" };
    expect(shopSettingsSavedSchema.parse(saved.body).settings).toEqual(expected);
    expect(shopSettingsReplySchema.parse((await read(world.carol)).body).settings).toEqual(expected);
  });

  it("refuse a bad change with a message naming the field, and change nothing", async () => {
    const before = shopSettingsReplySchema.parse((await read(world.carol)).body).settings;
    const cases: [unknown, string][] = [
      [{ freeStandardDeliveryFrom: -1 }, "freeStandardDeliveryFrom: The free delivery amount must be 0 or more"],
      [{ standardDeliveryPrice: 4.999 }, "standardDeliveryPrice: The standard delivery price must be in whole cents"],
      [{ expressDeliveryDays: 1.5 }, "expressDeliveryDays: The express delivery time must be a whole number of days"],
      [{ unpaidTransferDays: 0 }, "unpaidTransferDays: The time an unpaid transfer is held must be at least 1 day"],
      [{ freeStandardDeliveryFrom: "75" }, "freeStandardDeliveryFrom: The free delivery amount must be a number"],
      [{ bankBic: "nope" }, "bankBic: The BIC must be 8 or 11 letters and digits"],
      [{ bankAccountName: " " }, "bankAccountName: The account name is required"],
    ];
    for (const [body, message] of cases) {
      const reply = await change(world.carol, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    expect((await change(world.carol, { freeDelivery: 10 })).status).toBe(400);
    expect((await world.carol.call("PATCH", "/shop-settings", { body: "freeStandardDeliveryFrom=1", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect(shopSettingsReplySchema.parse((await read(world.carol)).body).settings).toEqual(before);
  });
});

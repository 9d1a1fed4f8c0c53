import { requireUser } from "@/lib/auth/api-guards";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { addAddress, listAddresses } from "@/lib/users/addresses";
import { addressSchema } from "@/lib/validation/addresses";

/** The signed-in customer's saved addresses, oldest first, the default marked. */
export const GET = route(async () => {
  const user = await requireUser();
  return jsonReply({ success: true, addresses: await listAddresses(user.email) });
});

/** Saves an address; the first one saved, or one sent with isDefault, becomes the default. */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const input = parseWith(addressSchema, await readJsonBody(request));
  const { address, addresses } = await addAddress(user.email, input);
  return jsonReply({ success: true, message: "The address is saved.", address, addresses }, 201);
});

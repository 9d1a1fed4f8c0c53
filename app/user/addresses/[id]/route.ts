import { requireUser } from "@/lib/auth/api-guards";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { changeAddress, removeAddress } from "@/lib/users/addresses";
import { addressChangeSchema } from "@/lib/validation/addresses";

type Context = { params: Promise<{ id: string }> };

/** Changes one of the customer's own addresses, or makes it the default; another's id is a 404. */
export const PATCH = route(async (request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).id, "The address id");
  const change = parseWith(addressChangeSchema, await readJsonBody(request));
  const { address, addresses } = await changeAddress(user.email, id, change);
  return jsonReply({ success: true, message: "The address is saved.", address, addresses });
});

/** Deletes one of the customer's own addresses; when it was the default, the oldest remaining one is. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).id, "The address id");
  const addresses = await removeAddress(user.email, id);
  return jsonReply({ success: true, message: "The address is deleted.", addresses });
});

import { HttpError, jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { placedMessage } from "@/lib/checkout/messages";
import { placeCheckout } from "@/lib/checkout/place";
import { checkoutOrderSchema } from "@/lib/validation/checkout";

const KEY_HEADER = "idempotency-key";

/**
 * The signed-in customer's cart becomes one order, all or nothing: 201 with the order, or 200 with
 * the same order for a retry with the same key. Short stock (`shortLines`) and a changed total (the
 * new `quote`) are 409s that say what to do next.
 */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const body = await readJsonBody(request);
  const header = request.headers.get(KEY_HEADER);
  if (header !== null && body.idempotencyKey !== undefined && body.idempotencyKey !== header) throw new HttpError(400, "The Idempotency-Key header and the body's idempotencyKey differ; send one key.");
  const input = parseWith(checkoutOrderSchema, header === null ? body : { ...body, idempotencyKey: header });
  const { order, replayed } = await placeCheckout(user.email, input);
  return jsonReply({ success: true, message: placedMessage(order, replayed), order }, replayed ? 200 : 201);
});

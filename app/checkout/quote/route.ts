import { jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { quoteCheckout } from "@/lib/checkout/quote";
import { checkoutQuoteSchema } from "@/lib/validation/checkout";

/** What the signed-in customer's cart would cost now: lines, subtotal, delivery options, total. Changes nothing. */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const input = parseWith(checkoutQuoteSchema, await readJsonBody(request, { optional: true }));
  return jsonReply({ success: true, quote: await quoteCheckout(user.email, input) });
});

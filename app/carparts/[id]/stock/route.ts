import { toPartView } from "@/lib/catalogue/views";
import { adjustStock } from "@/lib/stock/adjust";
import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { partStockSchema } from "@/lib/validation/parts";

type Context = { params: Promise<{ id: string }> };

/** Admin: adds or takes away stock by `{ delta }`, under the part's stock lock; never below 0 (409). */
export const PATCH = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The part id");
  const { delta } = parseWith(partStockSchema, await readJsonBody(request));
  const part = toPartView(await adjustStock(id, delta));
  return jsonReply({ success: true, message: `${part.partsname}: ${part.quantity} in stock.`, result: part });
});

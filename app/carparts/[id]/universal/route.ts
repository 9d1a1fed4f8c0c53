import { setUniversal } from "@/lib/catalogue/fitment-commands";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { universalSchema } from "@/lib/validation/fitment";

type Context = { params: Promise<{ id: string }> };

/** Admin: marks the part universal (it fits every vehicle) or not. */
export const PUT = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The part id");
  const { universal } = parseWith(universalSchema, await readJsonBody(request));
  await setUniversal(id, universal);
  return jsonReply({ success: true, universal, message: universal ? "The part fits every vehicle." : "The part fits only the vehicles listed for it." });
});

import { z } from "@/lib/validation/zod";
import { objectId } from "@/lib/validation/common";

// The cart page's forms name their line by a hidden partId and say what to do with it (the
// quantity is lib/validation/cart.ts's).
export const cartLineFormSchema = z.object({
  partId: objectId("partId"),
  intent: z.enum(["change", "remove"], { error: "intent must be change or remove" }),
});

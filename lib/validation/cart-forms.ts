import { z } from "@/lib/validation/zod";
import { objectId } from "@/lib/validation/common";

// The cart page's forms name their line by a hidden partId (the quantity is lib/validation/cart.ts's).
export const cartLineFormSchema = z.object({ partId: objectId("partId") });

import { readCart } from "@/lib/cart/queries";
import { removeCartLine, setCartLineQuantity } from "@/lib/cart/commands";
import { clearMergedCookie } from "@/lib/cart/cookies";
import { cartOwner } from "@/lib/cart/owner";
import { parseWith } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { cartLineChangeSchema } from "@/lib/validation/cart";
import { cartLineFormSchema } from "@/lib/validation/cart-forms";
import { cartFormPost } from "@/components/cart/form-post";

// The cart page's forms (components/cart/CartLineItem.tsx): a line's new quantity, or its removal.
// The merge notices of a sign-in are forgotten at the first change: the customer has seen them.
export const POST = route((request: Request) =>
  cartFormPost(request, async (field) => {
    const { partId, intent } = parseWith(cartLineFormSchema, { partId: field("partId"), intent: field("intent") });
    const owner = await cartOwner();
    await clearMergedCookie();
    if (!owner) return "Your cart is empty.";
    const id = partId.toLowerCase();
    if (intent === "change") {
      const { quantity } = parseWith(cartLineChangeSchema, { quantity: field("quantity") });
      return (await setCartLineQuantity(owner, id, quantity)).message;
    }
    const line = (await readCart(owner)).lines.find((held) => held.partId === id);
    await removeCartLine(owner, id);
    return line ? `Removed ${line.partsname} from your cart.` : "That part was not in your cart.";
  }),
);

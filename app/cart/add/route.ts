import { addToCart } from "@/lib/cart/commands";
import { cartOwnerOrNew } from "@/lib/cart/owner";
import { parseWith } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { cartAddSchema } from "@/lib/validation/cart";
import { cartFormPost } from "@/components/cart/form-post";

// "Add to cart" without JavaScript (components/cart/AddToCartForm.tsx): a form post, then the cart
// page with what was added or why not. With JavaScript the form calls POST /cart/items in place.
export const POST = route((request: Request) =>
  cartFormPost(request, async (field) => {
    const { partId, quantity } = parseWith(cartAddSchema, { partId: field("partId"), quantity: field("quantity") });
    return (await addToCart(await cartOwnerOrNew(), partId.toLowerCase(), quantity)).message;
  }),
);

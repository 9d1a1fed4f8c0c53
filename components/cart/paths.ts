/** Where the add-to-cart forms post without JavaScript (app/cart/add). */
export const ADD_TO_CART_FORM_PATH = "/cart/add";
/** The cart's REST path (app/cart/items): the forms' in-place route with JavaScript. */
export const CART_ITEMS_API = "/cart/items";
/** Where the cart page's quantity and remove forms post (app/cart/change). */
export const CART_CHANGE_FORM_PATH = "/cart/change";

/** "$64" for whole dollars, "$64.50" otherwise: the spec shows prices with a $ sign. */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

import "server-only";
import { headers } from "next/headers";
import { DEFAULT_CALLBACK_URL, safeCallbackUrl } from "@/lib/auth/callback-url";
import { BROWSER_ORIGIN_HEADER, isShopOrigin, originOf } from "@/lib/http/origin";

/**
 * The shop page the browser came from (its Referer), for a sign-in page opened without a
 * callbackUrl: the header's Login link on a cached page is the same for every page, and without
 * JavaScript nothing adds the page to it. Another site's address, or none, is the default.
 */
export async function cameFromPath(): Promise<string> {
  const request = await headers();
  const referer = request.get("referer");
  if (!referer) return DEFAULT_CALLBACK_URL;
  const origin = originOf(referer);
  if (!origin || !isShopOrigin(origin, request.get(BROWSER_ORIGIN_HEADER))) return DEFAULT_CALLBACK_URL;
  const url = new URL(referer);
  return safeCallbackUrl(`${url.pathname}${url.search}`);
}

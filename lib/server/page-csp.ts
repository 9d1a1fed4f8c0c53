import type { IncomingMessage, ServerResponse } from "node:http";
import { SCRIPT_HASHES_HEADER } from "@/lib/cache/script-hashes.mjs";
import { newNonce, pageCsp } from "@/lib/server/security-headers";

const CSP = "content-security-policy";

/**
 * Gives a page request its Content-Security-Policy, at the node:http layer (lib/server/server-lifecycle.ts).
 * Whether Next renders the page now or serves it from the cache is known only once it answers, so:
 * - the request gets a fresh nonce in its CSP header, which Next reads and puts on every script it
 *   renders, and the reply the same policy (a visitor's own header is replaced: it cannot choose the nonce);
 * - a reply from the cache names its inline scripts' hashes (lib/cache/script-hashes.mjs) instead,
 *   since its HTML is the one stored for everyone. That private header becomes the policy when the
 *   reply's head is written, and is never sent.
 * Next's own files (/_next/) run no inline script and keep the default policy.
 */
export function givePageItsCsp(request: IncomingMessage, response: ServerResponse, pathname: string, https: boolean): void {
  if (pathname.startsWith("/_next/")) return;
  const csp = pageCsp({ permit: { nonce: newNonce() }, https });
  request.headers[CSP] = csp;
  delete request.headers[`${CSP}-report-only`];
  response.setHeader(CSP, csp);
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const hashes = this.getHeader(SCRIPT_HASHES_HEADER);
    if (hashes !== undefined) {
      this.removeHeader(SCRIPT_HASHES_HEADER);
      this.setHeader(CSP, pageCsp({ permit: { hashes: String(hashes) }, https }));
    }
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof response.writeHead;
}

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { BlockList, isIP } from "node:net";
import { BROWSER_ORIGIN_HEADER, CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";

// TRUSTED_PROXIES: the reverse proxies in front of the shop. Only a request whose socket comes
// from one of them may say, with forwarding headers, who the client is and which host and
// scheme the browser used; from anyone else those headers are dropped, since a client can
// send whatever it likes.
//
// An address alone does not tell the proxy from another program on its machine: behind a proxy on
// 127.0.0.1, any local process (or a request the shop is tricked into making) could reach a shop
// process directly and name any client. TRUSTED_PROXY_SECRET closes that: the proxy sends it in
// PROXY_SECRET_HEADER, and forwarding headers are believed only from a trusted address that sends it.

export class TrustedProxiesError extends Error {}

/** The header a proxy proves itself with when TRUSTED_PROXY_SECRET is set; never passed on to Next. */
export const PROXY_SECRET_HEADER = "x-shop-proxy-secret";

export type TrustedProxies = {
  /** Whether an address is one of the proxies (the hops of X-Forwarded-For are checked with it too). */
  includes(address: string): boolean;
  /** Whether this peer may speak for the client: a proxy's address and, when a secret is set, the secret. */
  vouches(peer: string, requestHeaders: IncomingHttpHeaders): boolean;
  /** Whether a TRUSTED_PROXY_SECRET is set. */
  readonly secured: boolean;
};

/** A secret long enough not to be guessed, and a valid header value. */
const SECRET = /^[\x21-\x7e]{32,}$/;

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares a sent secret with the expected one's digest in constant time (equal digests, equal length). */
function secretCheck(secret: string | undefined): (sent: string | undefined) => boolean {
  if (!secret) return () => true;
  if (!SECRET.test(secret)) {
    throw new TrustedProxiesError("TRUSTED_PROXY_SECRET: at least 32 visible ASCII characters, no spaces (such as the output of `openssl rand -base64 32`).");
  }
  const expected = digest(secret);
  return (sent) => sent !== undefined && timingSafeEqual(digest(sent), expected);
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function familyOf(address: string): "ipv4" | "ipv6" | null {
  const family = isIP(address);
  return family === 4 ? "ipv4" : family === 6 ? "ipv6" : null;
}

/**
 * Parses "10.0.0.1, 10.1.0.0/16, ::1": addresses or CIDR ranges, comma-separated; empty trusts nobody.
 * With a `secret`, a proxy must also send it in PROXY_SECRET_HEADER.
 */
export function parseTrustedProxies(value: string | undefined, secret?: string): TrustedProxies {
  const secretMatches = secretCheck(secret);
  const list = new BlockList();
  let count = 0;
  for (const entry of (value ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [address = "", bits, extra] = entry.split("/");
    const family = familyOf(address);
    const maxBits = family === "ipv4" ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits))) {
      throw new TrustedProxiesError(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range (such as 10.0.0.0/8).`);
    }
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
    count += 1;
  }
  const includes = (address: string): boolean => {
    if (count === 0) return false;
    const plain = plainAddress(address);
    const family = familyOf(plain);
    return family !== null && list.check(plain, family);
  };
  return {
    includes,
    vouches: (peer, requestHeaders) => includes(peer) && secretMatches(single(requestHeaders[PROXY_SECRET_HEADER])),
    secured: Boolean(secret),
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

function firstListed(value: string | string[] | undefined): string | undefined {
  return single(value)?.split(",")[0]?.trim() || undefined;
}

/**
 * The client behind a trusted proxy: X-Forwarded-For read from the right, skipping our own
 * proxies (each appends the address it saw; what is further left came from the client and may
 * be invented). Without that header, X-Real-IP. Null when neither names an address.
 */
function forwardedClient(requestHeaders: IncomingHttpHeaders, proxies: TrustedProxies): string | null {
  const hops = (single(requestHeaders["x-forwarded-for"]) ?? "").split(",").map((s) => plainAddress(s.trim())).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? "";
    if (!familyOf(hop)) return null;
    if (!proxies.includes(hop) || i === 0) return hop;
  }
  const realIp = plainAddress(firstListed(requestHeaders["x-real-ip"]) ?? "");
  return familyOf(realIp) ? realIp : null;
}

// A Host is a name or address and an optional port, nothing that could carry a path or a user.
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function browserOrigin(scheme: "http" | "https", host: string | undefined): string | null {
  if (!host || !HOST.test(host)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

export type RequestFacts = { clientAddress: string; browserOrigin: string | null; https: boolean };

/** Who sent this request and which origin the browser used, believing forwarding headers only from a trusted proxy. */
export function requestFacts(peer: string, encrypted: boolean, requestHeaders: IncomingHttpHeaders, proxies: TrustedProxies): RequestFacts {
  const socketAddress = plainAddress(peer) || "unknown";
  if (!proxies.vouches(socketAddress, requestHeaders)) {
    return { clientAddress: socketAddress, https: encrypted, browserOrigin: browserOrigin(encrypted ? "https" : "http", single(requestHeaders.host)) };
  }
  const proto = firstListed(requestHeaders["x-forwarded-proto"])?.toLowerCase();
  const https = proto ? proto === "https" : encrypted;
  const host = firstListed(requestHeaders["x-forwarded-host"]) ?? single(requestHeaders.host);
  return { clientAddress: forwardedClient(requestHeaders, proxies) ?? socketAddress, https, browserOrigin: browserOrigin(https ? "https" : "http", host) };
}

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"];

/**
 * Rewrites the request's headers before Next reads them: the facts under our own names (always
 * overwritten), and, unless the peer is a trusted proxy, no forwarding headers at all, so Next and
 * next-auth fill theirs from the socket and Host instead of from what a client made up. The proxy's
 * secret never reaches Next (nor anything it logs).
 */
export function stampRequest(peer: string, encrypted: boolean, requestHeaders: IncomingHttpHeaders, proxies: TrustedProxies): RequestFacts {
  const facts = requestFacts(peer, encrypted, requestHeaders, proxies);
  if (!proxies.vouches(plainAddress(peer), requestHeaders)) for (const name of FORWARDING_HEADERS) delete requestHeaders[name];
  delete requestHeaders[PROXY_SECRET_HEADER];
  requestHeaders[CLIENT_ADDRESS_HEADER] = facts.clientAddress;
  if (facts.browserOrigin) requestHeaders[BROWSER_ORIGIN_HEADER] = facts.browserOrigin;
  else delete requestHeaders[BROWSER_ORIGIN_HEADER];
  return facts;
}

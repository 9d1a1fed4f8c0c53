import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { BROWSER_ORIGIN_HEADER, CLIENT_ADDRESS_HEADER } from "@/lib/http/origin";
import { PROXY_SECRET_HEADER, TrustedProxiesError, parseTrustedProxies, requestFacts, stampRequest } from "@/lib/server/trusted-proxies";

const nobody = parseTrustedProxies("");
const proxy = parseTrustedProxies("10.0.0.5, 10.1.0.0/16, ::1");

describe("TRUSTED_PROXIES", () => {
  it("trusts nobody by default", () => {
    for (const value of [undefined, "", " , "]) expect(parseTrustedProxies(value).includes("127.0.0.1")).toBe(false);
  });

  it("holds addresses and CIDR ranges of both families, IPv4 peers on a dual-stack socket included", () => {
    expect(proxy.includes("10.0.0.5")).toBe(true);
    expect(proxy.includes("::ffff:10.0.0.5")).toBe(true);
    expect(proxy.includes("10.1.200.3")).toBe(true);
    expect(proxy.includes("::1")).toBe(true);
    expect(proxy.includes("10.0.0.6")).toBe(false);
    expect(proxy.includes("10.2.0.1")).toBe(false);
    expect(proxy.includes("not-an-address")).toBe(false);
  });

  it.each(["localhost", "10.0.0.0/33", "10.0.0.1/8/2", "10.0.0.0/x", "::1/129", "300.1.1.1"])("refuses the entry %j, naming it", (entry) => {
    expect(() => parseTrustedProxies(`10.0.0.5, ${entry}`)).toThrow(new TrustedProxiesError(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range (such as 10.0.0.0/8).`));
  });
});

describe("requestFacts", () => {
  const forged: IncomingHttpHeaders = {
    host: "127.0.0.1:3000",
    "x-forwarded-for": "198.51.100.1",
    "x-real-ip": "198.51.100.2",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
  };

  it("without a trusted proxy: the socket's address and the scheme and Host the browser used, whatever the headers claim", () => {
    expect(requestFacts("::ffff:203.0.113.9", false, forged, nobody)).toEqual({ clientAddress: "203.0.113.9", browserOrigin: "http://127.0.0.1:3000", https: false });
    expect(requestFacts("203.0.113.9", false, forged, proxy)).toEqual({ clientAddress: "203.0.113.9", browserOrigin: "http://127.0.0.1:3000", https: false });
    expect(requestFacts("203.0.113.9", true, { host: "Shop.Example:443" }, nobody).browserOrigin).toBe("https://shop.example");
  });

  it("from a trusted proxy: X-Forwarded-For read from the right past our own proxies, and its host and scheme", () => {
    const headers = { host: "10.0.0.5:3000", "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.1.2.3", "x-forwarded-host": "shop.example, internal", "x-forwarded-proto": "https" };
    expect(requestFacts("10.0.0.5", false, headers, proxy)).toEqual({ clientAddress: "203.0.113.9", browserOrigin: "https://shop.example", https: true });
    expect(requestFacts("10.0.0.5", false, { host: "shop.example", "x-real-ip": "203.0.113.9" }, proxy)).toEqual({ clientAddress: "203.0.113.9", browserOrigin: "http://shop.example", https: false });
    // A proxy that says nothing of the client: the proxy's own address.
    expect(requestFacts("10.0.0.5", false, { host: "shop.example", "x-forwarded-for": "garbage" }, proxy).clientAddress).toBe("10.0.0.5");
  });

  it.each(["evil.example/path", "user@evil.example", "evil.example?x", "", "a b"])("no browser origin from the Host %j", (host) => {
    expect(requestFacts("203.0.113.9", false, { host }, nobody).browserOrigin).toBeNull();
  });
});

describe("stampRequest", () => {
  it("drops an untrusted peer's forwarding headers and overwrites our own", () => {
    const headers: IncomingHttpHeaders = {
      host: "localhost:3000",
      forwarded: "for=198.51.100.1",
      "x-forwarded-for": "198.51.100.1",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
      "x-real-ip": "198.51.100.2",
      [CLIENT_ADDRESS_HEADER]: "198.51.100.3",
      [BROWSER_ORIGIN_HEADER]: "https://evil.example",
    };
    stampRequest("127.0.0.1", false, headers, nobody);
    expect(headers).toEqual({ host: "localhost:3000", [CLIENT_ADDRESS_HEADER]: "127.0.0.1", [BROWSER_ORIGIN_HEADER]: "http://localhost:3000" });
  });

  it("keeps a trusted proxy's forwarding headers", () => {
    const headers: IncomingHttpHeaders = { host: "10.0.0.5:3000", "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
    stampRequest("10.0.0.5", false, headers, proxy);
    expect(headers).toMatchObject({ "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "shop.example", [CLIENT_ADDRESS_HEADER]: "203.0.113.9", [BROWSER_ORIGIN_HEADER]: "https://shop.example" });
  });

  it("sends no browser origin at all when the Host is unusable, rather than a client's", () => {
    const headers: IncomingHttpHeaders = { [BROWSER_ORIGIN_HEADER]: "https://evil.example" };
    stampRequest("127.0.0.1", false, headers, nobody);
    expect(headers[BROWSER_ORIGIN_HEADER]).toBeUndefined();
  });
});

describe("TRUSTED_PROXY_SECRET", () => {
  const secret = "s3cret-made-for-this-cluster-0123456789";
  const guarded = parseTrustedProxies("127.0.0.1", secret);
  const claims = { host: "127.0.0.1:3001", "x-forwarded-for": "198.51.100.7", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };

  it("believes a trusted address only when it sends the secret, and never passes the secret on", () => {
    const fromProxy: IncomingHttpHeaders = { ...claims, [PROXY_SECRET_HEADER]: secret };
    expect(stampRequest("127.0.0.1", false, fromProxy, guarded)).toEqual({ clientAddress: "198.51.100.7", browserOrigin: "https://shop.example", https: true });
    expect(fromProxy[PROXY_SECRET_HEADER]).toBeUndefined();
    for (const sent of [undefined, "", secret.slice(0, -1), `${secret}x`, [secret, secret]]) {
      const fromAnotherProgram: IncomingHttpHeaders = { ...claims, [PROXY_SECRET_HEADER]: sent };
      expect(stampRequest("127.0.0.1", false, fromAnotherProgram, guarded)).toEqual({ clientAddress: "127.0.0.1", browserOrigin: "http://127.0.0.1:3001", https: false });
      expect(fromAnotherProgram).toEqual({ host: "127.0.0.1:3001", [CLIENT_ADDRESS_HEADER]: "127.0.0.1", [BROWSER_ORIGIN_HEADER]: "http://127.0.0.1:3001" });
    }
  });

  it("is still no reason to believe an address that is not a trusted proxy", () => {
    expect(requestFacts("203.0.113.9", false, { ...claims, [PROXY_SECRET_HEADER]: secret }, guarded).clientAddress).toBe("203.0.113.9");
  });

  it.each(["short", "with a space in it, long enough to count 0123456789", "é".repeat(40)])("refuses the secret %j", (bad) => {
    expect(() => parseTrustedProxies("127.0.0.1", bad)).toThrow(TrustedProxiesError);
  });
});

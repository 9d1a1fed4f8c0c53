import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { UNREADABLE_FORM_MESSAGE, isDecodableActionBody } from "@/lib/server/action-body";
import { bodyCapFor, bodyTooLargeMessage, declaresTooMuch, handlerStreamsBody, holdBody, streamsBody } from "@/lib/server/body-cap";
import { DATABASE_RETRY_AFTER, isDatabaseDown } from "@/lib/storage/database-down";
import { disconnectDb } from "@/lib/storage/connect";
import { closeRedis } from "@/lib/redis/connection.mjs";
import { closeJobs } from "@/lib/jobs/queues";
import { CROSS_SITE_MESSAGE } from "@/lib/http/origin";
import { isApiPath, isDecodablePath, malformedPathReply, refusalPage } from "@/lib/server/request-path";
import { API_CSP, defaultSecurityHeaders } from "@/lib/server/security-headers";
import { givePageItsCsp } from "@/lib/server/page-csp";
import type { Rewrite } from "@/lib/cache/cached-routes";
import { compileRewrites, internalCachedPath } from "@/lib/cache/internal-rewrites";
import { isCrossSiteServerAction, mayBeServerAction } from "@/lib/http/origin";
import { TrustedProxiesError, parseTrustedProxies, stampRequest, type TrustedProxies } from "@/lib/server/trusted-proxies";
import { isGatedRead, whenReadSlotFree } from "@/lib/server/read-gate";
import { servingCustomer } from "@/lib/server/customers-served";

// What the production server does when it starts and when it is asked to stop (instrumentation.ts).

/**
 * A repair of what a crashed server left half-done, handed over by instrumentation.ts (the domains'
 * own recoveries: this layer knows none of them).
 */
export type StartupRepair = {
  /** The log lines' tag, e.g. "orders". */
  topic: string;
  /** Repairs everything left half-done; how many it repaired. */
  run: () => Promise<number>;
  /** The log line for `count` repairs, e.g. "settled 2 interrupted order(s)". */
  done: (count: number) => string;
  /** The log line when it failed, saying what repairs them instead. */
  failed: string;
};

/** Runs the repairs in the background, so start-up never waits on the database; none without one. */
export function repairAtStartup(repairs: StartupRepair[]): void {
  if (!process.env.MONGODB_URI) return;
  for (const { topic, run, done, failed } of repairs) {
    void run()
      .then((count) => {
        if (count > 0) console.warn(`[${topic}] ${done(count)} at start-up`);
      })
      .catch((error: unknown) => console.error(`[${topic}] ${failed}: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** How long in-flight requests may take to finish after SIGTERM before the server stops anyway. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 20_000);
/** How long a connection that looks idle at SIGTERM keeps, in case its request is only being read. */
const IDLE_GRACE_MS = 1_000;

/**
 * Graceful shutdown. `next start` already handles SIGTERM well: it stops accepting connections,
 * waits for in-flight requests, closes the Next server and then calls process.exit(143). We hook
 * that final exit to close the database connection first and to exit 0 (stopped as asked), and
 * bound the wait so a stuck request cannot keep the process alive for ever.
 */
export function installGracefulShutdown(): void {
  const globalFlag = globalThis as typeof globalThis & { __autopartsShutdownHook?: boolean };
  if (globalFlag.__autopartsShutdownHook) return;
  globalFlag.__autopartsShutdownHook = true;
  // Next's own SIGTERM handler calls server.close(), which first closes every "idle" connection,
  // and a connection whose request has arrived but is not parsed yet (the event loop was busy)
  // counts as idle: its client got a reset. The test of this found 9 of 12 requests reset under
  // load. While stopping, idle connections are therefore closed only after a short grace period
  // (and then every 250 ms, as responses finish), so every request that reached the server is served.
  let stopping = false;
  process.prependListener("SIGTERM", () => {
    stopping = true;
  });
  void import("node:http").then((http) => {
    const proto = http.Server.prototype;
    const closeIdle = proto.closeIdleConnections;
    proto.closeIdleConnections = function (this: import("node:http").Server): void {
      if (!stopping) return closeIdle.call(this);
      setTimeout(() => {
        closeIdle.call(this);
        setInterval(() => closeIdle.call(this), 250).unref();
      }, IDLE_GRACE_MS);
    };
  });
  process.once("SIGTERM", () => {
    console.log("[server] SIGTERM: no new connections; finishing requests in flight");
    const exit = process.exit.bind(process);
    let exiting = false;
    const finish = (code: number) => {
      if (exiting) return;
      exiting = true;
      // The job workers first: each finishes (and logs) the job it runs while the database is still there.
      const closing = [
        closeJobs().then(() => disconnectDb().catch((error: unknown) => console.error("[server] closing the database connection failed", error))),
        closeRedis(),
      ];
      void Promise.all(closing).finally(() => {
        console.log(`[server] stopped (database connection closed), exit ${code}`);
        exit(code);
      });
    };
    // Next's own handler ends with process.exit(143) once every request has finished.
    process.exit = ((code?: number | string | null) => finish(code === 143 || code === undefined || code === null ? 0 : Number(code))) as typeof process.exit;
    setTimeout(() => {
      console.error(`[server] requests still running after ${SHUTDOWN_GRACE_MS} ms; stopping anyway`);
      finish(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}

/** Methods the Fetch API refuses to build a Request for: Next answers them with a bare 500. */
const UNSERVED_METHODS = new Set(["TRACE", "TRACK"]);
export const UNSERVED_METHOD_MESSAGE = "This method is not served here.";

type Refusal = { status: number; contentType: string; body: string; allow?: string; close?: boolean; retryAfter?: string };

/** A request Next itself cannot serve without a bare 500, or null. */
function refusalOf(method: string, pathname: string, headers: IncomingMessage["headers"]): Refusal | null {
  if (UNSERVED_METHODS.has(method.toUpperCase())) {
    return { status: 405, contentType: "application/json", body: JSON.stringify({ success: false, message: UNSERVED_METHOD_MESSAGE }), allow: "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE" };
  }
  if (pathname.includes("%") && !isDecodablePath(pathname)) return { status: 400, ...malformedPathReply(pathname) };
  if (isCrossSiteServerAction(method, pathname, headers)) return { status: 403, ...refusalPage("Refused", CROSS_SITE_MESSAGE) };
  return null;
}

/**
 * TRUSTED_PROXIES and TRUSTED_PROXY_SECRET, read once; a malformed list or secret stops the server,
 * since guessing would trust the wrong peers or none.
 */
function trustedProxiesAtStartup(): TrustedProxies {
  try {
    const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES, process.env.TRUSTED_PROXY_SECRET);
    if (!proxies.secured && (proxies.includes("127.0.0.1") || proxies.includes("::1"))) {
      console.warn("[server] TRUSTED_PROXIES trusts this machine's own address without TRUSTED_PROXY_SECRET: any program on it can name any client address");
    }
    return proxies;
  } catch (error) {
    if (!(error instanceof TrustedProxiesError)) throw error;
    console.error(`[server] ${error.message}`);
    process.exit(1);
  }
}

const BUSY_MESSAGE = "The shop is very busy; please try again in a moment.";

/** 503 for a read the line of reads has no room for (lib/server/read-gate.ts). */
function busyReply(api: boolean): Refusal {
  const reply = api ? { contentType: "application/json", body: JSON.stringify({ success: false, message: BUSY_MESSAGE }) } : refusalPage("Busy", BUSY_MESSAGE);
  return { status: 503, retryAfter: "2", ...reply };
}

/** How long a connection that sent too large a body stays half-open, so its client reads the 413. */
const LINGER_MS = 1_000;

/** 413, and the connection closed: the rest of an oversized body is never kept. */
function tooLarge(maxBytes: number): Refusal {
  return { status: 413, contentType: "application/json", body: JSON.stringify({ success: false, message: bodyTooLargeMessage(maxBytes) }), close: true };
}

function refuse(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, refusal: Refusal): void {
  // writeHead's headers take precedence over the defaults the filter set.
  response.writeHead(refusal.status, {
    "content-type": refusal.contentType,
    "content-length": Buffer.byteLength(refusal.body),
    "content-security-policy": API_CSP,
    ...(refusal.allow ? { allow: refusal.allow } : {}),
    ...(refusal.retryAfter ? { "retry-after": refusal.retryAfter } : {}),
    ...(refusal.close ? { connection: "close" } : {}),
  });
  if (refusal.close) {
    // Node destroys a closing connection once the reply is written; data the client is still
    // sending would then make the kernel answer with a reset, which can wipe the 413 before the
    // client reads it. Stop writing instead, and drop the connection a moment later.
    const socket = request.socket;
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  }
  response.end(refusal.body);
  request.resume();
}

/**
 * The node:http layer, before Next sees a request:
 * - the request is counted until its reply closes, so work that can wait gives way to customers
 *   (lib/server/customers-served.ts);
 * - the client's address and the origin the browser used are stamped on the request, and
 *   forwarding headers are dropped unless the socket's peer is a trusted proxy
 *   (lib/server/trusted-proxies.ts): route handlers cannot see the socket;
 * - every reply starts with the security headers that do not depend on the request
 *   (lib/server/security-headers.ts defaultSecurityHeaders), and a page the script sources of its
 *   own HTML (lib/server/page-csp.ts: this request's nonce, or its cached scripts' hashes);
 * - requests Next answers with a bare 500 before proxy.ts or any route runs are answered here:
 *   found by the fuzzer, `TRACE /carparts` (any path) made Next throw "'TRACE' HTTP method is
 *   unsupported" while building its Request: 405 in the API's error shape; a path with a broken
 *   %-escape (`/parts/%E0%A4%A`), which Next's router fails to decode: 400, in the API's error
 *   shape on API paths and as a small page elsewhere; a server action posted from another origin,
 *   which Next refuses by throwing (a 500): 403 (lib/http/origin.ts);
 * - every request body is capped (lib/server/body-cap.ts) before Next or next-auth buffers it: a declared
 *   length over the cap is a 413 at once, a streamed (chunked) body is counted as it arrives and
 *   reaches Next only once it has ended within the cap;
 * - a server action's body reaches Next only once it has ended and can be decoded
 *   (lib/server/action-body.ts): 400 otherwise, where Next would throw (a 500 and a stack trace);
 * - a visitor's document request for a cached page reaches Next under its internal path, by
 *   `cachedPageRules` compiled once (lib/cache/internal-rewrites.ts), sparing Next's per-request
 *   compile of the same rewrite.
 */
export async function installRequestFilter(cachedPageRules: readonly Rewrite[] = []): Promise<void> {
  const http = await import("node:http");
  const proto = http.Server.prototype as { emit: (event: string | symbol, ...args: unknown[]) => boolean; __autopartsRequestFilter?: boolean };
  if (proto.__autopartsRequestFilter) return;
  proto.__autopartsRequestFilter = true;
  const proxies = trustedProxiesAtStartup();
  const rules = compileRewrites(cachedPageRules);
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      servingCustomer(request, response);
      const url = request.url ?? "/";
      const pathname = url.split("?", 1)[0] ?? "/";
      const socket = request.socket as import("node:net").Socket & { encrypted?: boolean };
      const { https } = stampRequest(socket.remoteAddress ?? "", socket.encrypted === true, request.headers, proxies);
      for (const [name, value] of defaultSecurityHeaders(pathname, https)) response.setHeader(name, value);
      const maxBytes = bodyCapFor(pathname);
      const refusal = refusalOf(request.method ?? "", pathname, request.headers) ?? (declaresTooMuch(request.headers, maxBytes) ? tooLarge(maxBytes) : null);
      if (refusal) {
        refuse(request, response, refusal);
        return true;
      }
      const forward = (): boolean => {
        // Route handlers answer an outage with 503 themselves; a page can only fail, which Next sends as 500.
        if (isApiPath(pathname)) return emit.call(this, event, ...args);
        givePageItsCsp(request, response, pathname, https);
        request.url = internalCachedPath(rules, request) ?? url;
        const failure: PageFailure = { databaseDown: false };
        answerOutageWith503(response, failure);
        return pageFailures.run(failure, () => emit.call(this, event, ...args));
      };
      const serverAction = mayBeServerAction(request.method ?? "", pathname, request.headers);
      if (serverAction || (streamsBody(request.headers) && !handlerStreamsBody(pathname))) {
        const fits = (body: Buffer): void => {
          if (!serverAction) return void forward();
          void isDecodableActionBody(request.headers, body).then((decodable) => (decodable ? forward() : refuse(request, response, { status: 400, ...refusalPage("Bad request", UNREADABLE_FORM_MESSAGE) })));
        };
        holdBody(request, maxBytes, { fits, tooLarge: () => refuse(request, response, tooLarge(maxBytes)) });
        return true;
      }
      if (isGatedRead(request.method, pathname)) {
        whenReadSlotFree(request, response, forward, () => refuse(request, response, busyReply(isApiPath(pathname))));
        return true;
      }
      return forward();
    }
    return emit.call(this, event, ...args);
  };
}

type PageFailure = { databaseDown: boolean };
/** What went wrong while the current page request was rendered (see notePageFailure). */
const pageFailures = new AsyncLocalStorage<PageFailure>();

/**
 * Called by Next for every error thrown while rendering (instrumentation.ts onRequestError), inside
 * the request's own async context: remembers that this page failed because the database is down.
 */
export function notePageFailure(error: unknown): void {
  const failure = pageFailures.getStore();
  if (failure && isDatabaseDown(error)) failure.databaseDown = true;
}

/**
 * A page whose rendering failed because the database is unreachable is sent by Next as a 500 with
 * the error page; it is the same page with 503 and Retry-After, like the API's answer, so clients
 * and monitors see an outage to retry rather than a bug. A page already streaming (200 sent) keeps
 * its status and switches to the error boundary in place.
 */
function answerOutageWith503(response: ServerResponse, failure: PageFailure): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode !== 500 || !failure.databaseDown) return writeHead.apply(this, [statusCode, ...rest] as Parameters<typeof writeHead>);
    this.setHeader("Retry-After", DATABASE_RETRY_AFTER);
    return writeHead.apply(this, [503, ...rest] as Parameters<typeof writeHead>);
  } as typeof response.writeHead;
}

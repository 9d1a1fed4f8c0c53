// nginx's configuration for npm run cluster (scripts/services/cluster.mjs, scripts/services/nginx.mjs): one upstream of
// the shop's processes, kept-alive connections, forwarding headers set by nginx (never passed
// through) with the secret that lets the shop believe them, the shop's body caps, errors answered
// in the shop's JSON shape, and limits on slow and greedy clients.
import path from "node:path";

/** The shop's own body caps: lib/server/body-cap.ts MAX_BODY_BYTES and lib/validation/part-image.ts PART_IMAGE_MAX_BYTES (the tests check they agree). */
export const SHOP_BODY_CAP = 16 * 1024;
export const SHOP_PART_IMAGE_CAP = 2 * 1024 * 1024;
/**
 * nginx's body limits, a margin above the shop's caps: a body between the two reaches the shop,
 * whose own 413 answers; a larger one is refused by nginx before it spools any of it to disk.
 */
const NGINX_BODY_LIMIT = "17k";
const NGINX_PART_IMAGE_LIMIT = "4m";
/**
 * Connections one client address may hold open (nginx's limit_conn): what slow bodies from one
 * address can take. High by default, since everything a local run sends (the tests, `npm run
 * load`'s 200 clients) comes from 127.0.0.1; exempting 127.0.0.1 instead would exempt every
 * visitor of a deployment whose TLS terminator runs on the same machine. CLUSTER_CONNECTIONS_PER_CLIENT
 * tunes it; 0 turns it off.
 */
export const CONNECTIONS_PER_CLIENT = Number(process.env.CLUSTER_CONNECTIONS_PER_CLIENT ?? 512);

/** The messages of the errors nginx answers itself, in the shop's error shape (lib/http/errors.ts). */
const NOT_ANSWERING = "The shop is not answering just now; please try again in a moment.";
const NGINX_ERRORS = {
  400: "The request could not be read.",
  429: "Too many connections from your address; please try again in a moment.",
  431: "The request headers are too large.",
  502: NOT_ANSWERING,
  503: NOT_ANSWERING,
  504: NOT_ANSWERING,
};
const tooLargeMessage = (maxBytes) => `The request body is larger than ${maxBytes} bytes.`;

/**
 * Where error_page sends an error: an internal location, by URI (a named location needs the
 * request's URI, which a request nginx could not read has not: it would answer 500).
 */
const errorUri = (name) => `/.cluster-errors/${name}`;

/** An internal location answering `status` with `message` as the shop's JSON error. */
function jsonErrorLocation(name, status, message) {
  const body = JSON.stringify({ success: false, message });
  return `  location = ${errorUri(name)} {
    internal;
    default_type application/json;
    add_header Cache-Control no-store always;
    return ${status} '${body}';
  }`;
}

/**
 * The error_page lines of a level: nginx's own errors as JSON, for API clients that read the
 * shop's shape. A level with error_page lines inherits none, so each location lists them all.
 * (Errors the shop answers itself pass through: proxy_intercept_errors is off.)
 */
function errorPages(indent, tooLarge) {
  // 494: a request header over large_client_header_buffers, nginx's own kind of 431.
  // 494 would go out as 400 (nginx's own mapping) unless told the status: "=431".
  const pages = [["400", "e400"], ["429", "e429"], ["494 =431", "e431"], ["413", tooLarge], ["502", "e502"], ["503", "e503"], ["504", "e504"]];
  return pages.map(([status, name]) => `${indent}error_page ${status} ${errorUri(name)};`).join("\n");
}

function errorLocations() {
  const statuses = Object.entries(NGINX_ERRORS).map(([status, message]) => jsonErrorLocation(`e${status}`, status, message));
  const tooLarge = [jsonErrorLocation("e413", 413, tooLargeMessage(SHOP_BODY_CAP)), jsonErrorLocation("e413_image", 413, tooLargeMessage(SHOP_PART_IMAGE_CAP))];
  return [...statuses, ...tooLarge].join("\n");
}

/**
 * The header with the cluster's secret (lib/server/trusted-proxies.ts PROXY_SECRET_HEADER): the shop
 * believes forwarding headers only from a peer that sends it, so nothing else on this machine can
 * name a client by reaching a shop process directly.
 */
export const PROXY_SECRET_HEADER = "X-Shop-Proxy-Secret";

/** Only characters that need no quoting in nginx's configuration, and enough of them. */
const PROXY_SECRET = /^[\w-]{32,}$/;

/** How a location hands a request to the shop: forwarding headers set (never passed through). */
function proxyToShop(indent, proxySecret) {
  return `proxy_pass http://shop;
proxy_http_version 1.1;
proxy_set_header Connection "";
proxy_set_header Host $http_host;
# Set, not passed through: what a client sent under these names never reaches the shop.
proxy_set_header X-Forwarded-For $remote_addr;
proxy_set_header X-Forwarded-Proto $scheme;
proxy_set_header X-Forwarded-Host $http_host;
proxy_set_header X-Real-IP "";
proxy_set_header Forwarded "";
proxy_set_header ${PROXY_SECRET_HEADER} "${proxySecret}";
proxy_buffering off;
proxy_read_timeout 120s;`
    .split("\n")
    .map((line) => `${indent}${line}`)
    .join("\n");
}

/** The part-image upload paths (lib/server/body-cap.ts LARGER_BODIES): a larger body allowed there only. */
function partImageLocations(proxySecret) {
  return ["/part-images", "/part-images/"]
    .map(
      (exact) => `    location = ${exact} {
      client_max_body_size ${NGINX_PART_IMAGE_LIMIT};
${errorPages("      ", "e413_image")}
${proxyToShop("      ", proxySecret)}
    }`,
    )
    .join("\n");
}

/**
 * Against slow clients (slowloris: connections that send their headers or body a byte at a time):
 * a request's headers and body must keep arriving, timed-out connections are reset rather than
 * lingering, and one address may hold only so many connections while its requests are served.
 * (limit_conn counts a connection once its headers are read: the header timeout is what frees the
 * slots of partial headers.)
 */
function clientLimits(connectionsPerClient) {
  const perClient = connectionsPerClient > 0 ? `\n  limit_conn per_client ${connectionsPerClient};` : "";
  return `  client_header_timeout 10s;
  client_body_timeout 10s;
  keepalive_timeout 15s;
  reset_timedout_connection on;
  limit_conn_zone $binary_remote_addr zone=per_client:10m;
  limit_conn_status 429;${perClient}
  # Node's own header limit is 16 KB, answered by the shop with 431: nginx lets that much through.
  large_client_header_buffers 4 32k;`;
}

/**
 * nginx's configuration: one upstream of the shop's processes, kept-alive connections, forwarding
 * headers set (never passed through). `proxySecret`: the shop processes' TRUSTED_PROXY_SECRET (none:
 * the header is sent empty, so a client's own never passes).
 */
export function nginxConfig({ dir, port, upstreams, workers = 1, connectionsPerClient = CONNECTIONS_PER_CLIENT, proxySecret = "" }) {
  if (proxySecret && !PROXY_SECRET.test(proxySecret)) throw new Error("The proxy secret must be 32 or more letters, digits, '_' or '-'.");
  const temp = (name) => path.join(dir, "tmp", name);
  // Run as root (the only way to start it on a port below 1024), nginx's workers drop to nobody.
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/services/nginx.mjs for this run of npm run cluster.
${asRoot ? "user nobody nogroup;\n" : ""}worker_processes ${workers};
# Each proxied request holds two connections (the client's and the shop's); files for both.
worker_rlimit_nofile 16384;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log stderr warn;
events { worker_connections 8192; }
http {
  access_log off;
  # Just above the shop's cap (part images: their own location below).
  client_max_body_size ${NGINX_BODY_LIMIT};
${clientLimits(connectionsPerClient)}
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  upstream shop {
    least_conn;
${upstreams.map((u) => `    server ${u};`).join("\n")}
    keepalive 64;
    # Below Node's own 5 s: an idle connection is closed by nginx first, never reused as the shop
    # closes it (that race resets the request, and a POST is not retried: a 502).
    keepalive_timeout 4s;
  }
  server {
    listen ${port};
${errorPages("    ", "e413")}
    location / {
${proxyToShop("      ", proxySecret)}
    }
${partImageLocations(proxySecret)}
${errorLocations()
  .split("\n")
  .map((line) => `  ${line}`)
  .join("\n")}
  }
}
`;
}

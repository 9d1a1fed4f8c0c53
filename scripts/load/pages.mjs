// The cached-pages phase of npm run load: only public pages every visitor gets from the cache (home,
// catalogue, part pages, the JSON lists), so the database is not involved and the figure is what
// the shop's processes (and the proxy in front) can serve. autocannon keeps `connections` requests
// in flight, cycling over the paths.
import autocannon from "autocannon";

/** Requests/s, p50/p99 (ms), non-2xx replies and network errors of `seconds` of cached public pages. */
export async function cachedPagesLoad(base, partIds, { connections, seconds }) {
  const paths = ["/", "/parts", "/carparts", "/reviews", ...partIds.slice(0, 8).flatMap((id) => [`/parts/${id}`, `/carparts/${id}`])];
  // Each page rendered once first: the phase measures serving from the cache, not first renders.
  for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

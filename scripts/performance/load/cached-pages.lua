-- wrk's script for npm run load's cached-pages phase (scripts/performance/load/pages.mjs): each request takes the
-- next of the paths given after "--", and the summary is printed as one JSON line for the caller.
local paths = {}
local sent = 0

function init(args)
  for _, path in ipairs(args) do paths[#paths + 1] = path end
end

function request()
  sent = sent + 1
  return wrk.format("GET", paths[(sent - 1) % #paths + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'SUMMARY {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"non2xx":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end

#!/usr/bin/env bash
# Every test: lint, production build, type check, unit + integration (real embedded database and the
# production server), the short API fuzz, end-to-end. Every step runs even when an earlier one failed
# (except those that need the build, when the build failed), and the command ends with one line computed
# from the runners' own reports: `Tests: N passed, M failed` (scripts/testing/test-summary.mjs).
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "[test] installing Debian's Chromium for the end-to-end tests"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi

# The Nu Html Checker (e2e/html-checker.spec.ts) is a Java program: its jar comes from npm, Java from Debian.
if ! command -v java >/dev/null; then
  echo "[test] installing Debian's Java runtime for the HTML checker"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless
  fi
fi

export TEST_RESULTS_DIR="$PWD/.test-results"
rm -rf "$TEST_RESULTS_DIR" && mkdir -p "$TEST_RESULTS_DIR"
steps=()
# Each step's wall time, printed as it ends and once more together before the closing line: the
# whole command has a time budget, and this is where to look when it grows.
timings=()
run_step() {
  local name=$1; shift
  echo "[test] $name"
  local started=$SECONDS
  "$@"
  local code=$?
  local took=$((SECONDS - started))
  echo "[test] $name: exit $code after ${took} s"
  steps+=("$name=$code")
  timings+=("$name ${took} s")
  return "$code"
}

# Build FerretDB and install PostgreSQL once up front, so the one-time set-up is visible and not inside a test timeout.
run_step database node -e 'import("./scripts/services/ferretdb.mjs").then(m => process.env.MONGODB_URI ? null : m.ensureEmbeddedDb()).catch(e => { console.error(e.message); process.exit(1); })'
# Likewise the embedded mail server (Mailpit), which the mail tests and the end-to-end shop send through.
run_step mail node -e 'import("./scripts/services/mailpit.mjs").then(m => m.ensureMailpitBinary()).catch(e => { console.error(e.message); process.exit(1); })'
# Redis and nginx (Debian's) for the tests of several server processes (npm run cluster's shape).
run_step services node -e 'Promise.all([import("./scripts/services/redis.mjs"), import("./scripts/services/nginx.mjs"), import("./scripts/performance/load/pages.mjs")]).then(([redis, nginx, load]) => { redis.ensureRedisInstalled(); nginx.ensureNginxInstalled(); load.ensureWrkInstalled(); }).catch(e => { console.error(e.message); process.exit(1); })'

# The fuzzer installs from PyPI while lint and the build run (half a minute of mostly waiting); the
# fuzz step waits for it, and installs it itself should this have failed.
bash scripts/testing/fuzz-tools.sh > "$TEST_RESULTS_DIR/fuzz-tools.log" 2>&1 &
fuzz_tools=$!
fuzz_tools_ready() {
  wait "$fuzz_tools" && return 0
  cat "$TEST_RESULTS_DIR/fuzz-tools.log"
  echo "[test] installing the fuzzer beside the build failed: the fuzz step tries again"
}

# The build comes before vitest: the API tests run the production server (next start) on it.
export NEXT_DIST_DIR=.next-test
run_step lint npx eslint .
run_step deps npm run --silent deps
if run_step build npx next build; then
  run_step typecheck npx tsc --noEmit
  run_step vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$TEST_RESULTS_DIR/vitest.json"
  run_step "fuzz tools" fuzz_tools_ready
  run_step fuzz bash scripts/testing/fuzz.sh short
  # Two shops, each with a worker of its own (e2e/shops.ts): the journeys take about half as long.
  # No traces: recording them costs a fifth of the journeys' time, and a failure is run again alone.
  run_step playwright env E2E_SHOPS="${E2E_SHOPS:-2}" E2E_TRACE="${E2E_TRACE:-off}" npx playwright test
else
  # Nothing will fuzz: the install started beside the build does not outlive the command.
  kill "$fuzz_tools" 2>/dev/null
  wait "$fuzz_tools" 2>/dev/null
fi

printf -v by_step '%s, ' "${timings[@]}"
echo "[test] time by step: ${by_step%, }; ${SECONDS} s in all"
node scripts/testing/test-summary.mjs "$TEST_RESULTS_DIR" "${steps[@]}"
for step in "${steps[@]}"; do
  [ "${step#*=}" = 0 ] || exit 1
done

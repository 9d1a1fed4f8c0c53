#!/usr/bin/env bash
# Every test: lint, production build, type check, unit + integration (real embedded database and the
# production server), end-to-end.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "[test] installing Debian's Chromium for the end-to-end tests"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi

# Build the embedded database once up front, so its one-time build is visible and not inside a test timeout.
node -e 'import("./scripts/ferretdb.mjs").then(m => process.env.MONGODB_URI ? null : m.ensureFerretBinary()).catch(e => { console.error(e.message); process.exit(1); })'

# The build comes before vitest: the API tests run the production server (next start) on it.
echo "[test] lint";        npx eslint .
echo "[test] build";       NEXT_DIST_DIR=.next-test npx next build
echo "[test] typecheck";   npx tsc --noEmit
echo "[test] vitest";      NEXT_DIST_DIR=.next-test npx vitest run
echo "[test] fuzz (short)"; NEXT_DIST_DIR=.next-test bash scripts/fuzz.sh short
echo "[test] playwright";  NEXT_DIST_DIR=.next-test npx playwright test

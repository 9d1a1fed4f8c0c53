#!/usr/bin/env bash
# npm run fuzz [-- short]: schemathesis against /openapi.json on the production build and a fresh
# embedded database (seeded: catalogue + development admin). `short` is the bounded form the test
# command runs; the default runs many more examples per operation.
set -euo pipefail
cd "$(dirname "$0")/../.."
MODE="${1:-long}"
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-test}"
export NEXT_TELEMETRY_DISABLED=1

bash scripts/testing/fuzz-tools.sh
if [ ! -f "$NEXT_DIST_DIR/BUILD_ID" ]; then
  echo "[fuzz] no production build in $NEXT_DIST_DIR: building"
  npx next build
fi
DB_PORT="${FUZZ_DB_PORT:-}"
[ -n "$DB_PORT" ] || DB_PORT="$(node -e 'import("./scripts/services/server-process.mjs").then(async (m) => console.log(await m.freePort()))')"
# The seed runs as development so the fuzzer has an administrator to sign in as.
DATA=".data/fuzz-$$"
code=0
NODE_ENV=development node scripts/services/with-db.mjs --seed --fresh --port "$DB_PORT" --data "$DATA" -- node scripts/testing/fuzz.mjs "$MODE" || code=$?
rm -rf "$DATA"
exit "$code"

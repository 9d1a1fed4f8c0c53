#!/usr/bin/env bash
# Installs the fuzzer (schemathesis, from PyPI) into .cache/fuzz-venv unless that version is there:
# scripts/testing/fuzz.sh runs it first, and the test command while it builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=.cache/fuzz-venv
SCHEMATHESIS_VERSION="${SCHEMATHESIS_VERSION:-4.32.5}"
if ! "$VENV/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "[fuzz] installing schemathesis $SCHEMATHESIS_VERSION into $VENV (from PyPI)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

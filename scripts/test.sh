#!/usr/bin/env bash
# `npm test`: every check and test on a fresh machine. Static checks, unit tests, a production
# build, then the end-to-end suite in Debian's Chromium against the built app and its sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1
bash scripts/prepare.sh
bash scripts/ensure-chromium.sh

echo "› lockfile";     node scripts/check-lock.mjs
echo "› type check";   npx tsc --noEmit
echo "› lint";         npx eslint . --max-warnings=0
echo "› format";       npx prettier --check . >/dev/null || { npx prettier --check . | tail -20; exit 1; }
echo "› unit tests";   npx vitest run
echo "› build";        npx next build >/dev/null
echo "› end-to-end";   npx playwright test

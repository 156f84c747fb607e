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
reports=data/test-reports; mkdir -p "$reports"
echo "› unit tests (SQLite)";   npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
# The library and API suites again on PostgreSQL: every test file that opens a database.
. scripts/ensure-postgres.sh
echo "› unit tests (PostgreSQL)"
STUDIO_TEST_DB=postgresql npx vitest run $(node scripts/db/database-test-files.mjs) \
  --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgresql.json"
echo "› build";        npx next build > "$reports/build.log" 2>&1 || { tail -60 "$reports/build.log"; exit 1; }
echo "› bundle budgets"; node scripts/check-bundles.mjs
echo "› end-to-end";   PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/vitest-postgresql.json" "$reports/playwright.json"

#!/usr/bin/env bash
# `npm test`: every check and test on a fresh machine. Static checks, unit tests, a production
# build, then the end-to-end suite in Debian's Chromium against the built app and its sandbox.
# Independent stages run side by side (the machine has two cores, and much of a test run waits on
# timers, sockets and PostgreSQL); each stage's output goes to its log, printed when it ends, and
# the closing table (scripts/test-summary.mjs) gives every stage's seconds and tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1
reports=data/test-reports
rm -rf "$reports"; mkdir -p "$reports"
stages="$reports/stages.tsv"; : > "$stages"
started=$(date +%s%N)

# stage NAME REPORT COMMAND…: runs COMMAND with its output in $reports/NAME.log and records its
# seconds, and the CPU seconds (user + system) it and its children used when /usr/bin/time is
# there: on a shared machine wall time is noise, CPU time is what a change saves (REPORT: the JSON
# report its test count is read from, or -).
stage() {
  local name=$1 report=$2 rc=0 start cpu_file="$reports/${1// /-}.cpu" cpu=-
  shift 2
  local timed=("$@")
  [ -x /usr/bin/time ] && timed=(/usr/bin/time -q -f '%U %S' -o "$cpu_file" "$@")
  start=$(date +%s%N)
  if [ "${STAGE_LIVE:-}" = 1 ]; then
    "${timed[@]}" 2>&1 | tee "$reports/${name// /-}.log" || rc=$?
  else
    "${timed[@]}" > "$reports/${name// /-}.log" 2>&1 || rc=$?
  fi
  [ -s "$cpu_file" ] && cpu=$(awk 'END { printf "%.1f", $1 + $2 }' "$cpu_file")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$(( ($(date +%s%N) - start) / 1000000 ))" "$report" "$rc" "$cpu" >> "$stages"
  return $rc
}
# Prints what a finished stage wrote; a failed stage's log in full, a passed one's last lines.
show() {
  local name=$1 log="$reports/${1// /-}.log" rc
  rc=$(awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$stages")
  if [ "$rc" = 0 ]; then echo "› $name: passed"; tail -n "${2:-0}" "$log"; else echo "› $name: FAILED"; cat "$log"; fi
}
summary() { node scripts/test-summary.mjs "$stages" "$started"; }
# Waits for background stages; fails the run (after the table) if any of them failed.
await_all() {
  local failed=0 pid
  for pid in "$@"; do wait "$pid" || failed=1; done
  return $failed
}

stage "prepare" - bash scripts/prepare.sh || { show prepare; summary; exit 1; }
stage "chromium" - bash scripts/ensure-chromium.sh || { show chromium; summary; exit 1; }
. scripts/ensure-postgres.sh

# Static checks beside the build. The build skips Next.js's own type check (BUILD_SKIP_TYPE_CHECK,
# next.config.mjs) because `tsc --noEmit` here checks the same program; `npm start`'s build keeps it.
echo "› static checks and the build"
stage "lockfile" - node scripts/check-lock.mjs & p1=$!
stage "type check" - npx tsc --noEmit & p2=$!
{ stage "lint" - npx eslint . --max-warnings=0 && stage "format" - npx prettier --check --log-level=warn .; } & p3=$!
{ stage "build" - env BUILD_SKIP_TYPE_CHECK=1 npx next build && stage "share client" - node scripts/build-share-client.mjs && stage "bundle budgets" - node scripts/check-bundles.mjs; } & p4=$!
rc=0; await_all $p1 $p2 $p3 $p4 || rc=1
for s in lockfile "type check" lint format build "share client" "bundle budgets"; do grep -q "^$s	" "$stages" && show "$s"; done
[ $rc = 0 ] || { summary; exit 1; }

# The library and API suites, on SQLite, and on PostgreSQL the files whose code is
# dialect-sensitive (scripts/db/postgresql-test-files.txt, held to its rule by a test): one vitest
# run with a project per database (VITEST_BOTH_DATABASES, vitest.config.ts) sharing three workers,
# so the two finish together instead of one running on alone. Three test processes on two cores:
# the PostgreSQL files wait on their server much of the time, and timing tests
# (lib/tasks/tracker-scale.test.ts) miss their windows when more share the cores.
echo "› unit tests (SQLite and PostgreSQL)"
rc=0
stage "unit tests (SQLite + PostgreSQL)" "$reports/vitest.json" env VITEST_BOTH_DATABASES=1 \
  npx vitest run --maxWorkers=3 --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || rc=1
show "unit tests (SQLite + PostgreSQL)" 8
[ $rc = 0 ] || { summary; exit 1; }

echo "› end-to-end"
rc=0
STAGE_LIVE=1 stage "end-to-end" "$reports/playwright.json" env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  npx playwright test --reporter=list,json || rc=1
summary || rc=1
exit $rc

#!/usr/bin/env bash
# Runs `next build` (then scripts/build-share-client.mjs) when there is no build in NEXT_DIST_DIR
# (default .next) or when any source is newer than it. Used by `npm start` and the benchmarks, so neither serves a stale build.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp="${NEXT_DIST_DIR:-.next}/BUILD_ID"
if [ ! -f "$stamp" ] || [ -n "$(find app components lib i18n messages public prisma next.config.mjs proxy.ts scripts/build-share-client.mjs instrumentation.ts package-lock.json -newer "$stamp" -type f -not -path 'lib/generated/*' -print -quit 2>/dev/null)" ]; then
  echo "› building the studio (next build)"
  NEXT_TELEMETRY_DISABLED=1 npx next build
  rm -f "${NEXT_DIST_DIR:-.next}/share-client.json"
fi
# The share page's own client (app/s/[token]/route.ts serves it), built after next build.
[ -f "${NEXT_DIST_DIR:-.next}/share-client.json" ] || node scripts/build-share-client.mjs

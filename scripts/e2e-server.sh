#!/usr/bin/env bash
# The app under end-to-end test: a fresh database and media folder, the built-in sandbox upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3100}
root=data/e2e-$port
rm -rf "$root"; mkdir -p "$root/media"
export DATABASE_URL="file:./$root/studio.db" MEDIA_DIR="./$root/media" PORT=$port HOST=127.0.0.1
# The tests read what the sandbox received; a studio started any other way never serves that log.
export SANDBOX_REQUEST_LOG=1
unset UPSTREAM_BASE_URL UPSTREAM_LLM_BASE_URL UPSTREAM_API_KEY ADMIN_EMAIL ADMIN_PASSWORD
# The gallery spec's stand-in for a CDN that serves an original result URL: a path of the studio
# itself, which server-side fetches may reach only because it is listed here (lib/net/fetch-policy.ts).
export FETCH_ALLOW_PRIVATE="http://127.0.0.1:$port/api/health"
# "Upload to the asset library" goes to the sandbox's test upload path (docs/decisions/assets.md);
# ASSET_UPLOAD_URL= (empty) runs the studio without an upload endpoint.
export ASSET_UPLOAD_URL=${ASSET_UPLOAD_URL-http://127.0.0.1:$port/api/sandbox/assets/upload}
# Accounts off unless the caller asks (playwright.config.ts starts a second studio with AUTH=on).
export AUTH=${AUTH:-off}
# Request lines (lib/log.ts) only at warn and above unless a spec asks for more.
export LOG_LEVEL=${LOG_LEVEL:-warn}
# Every spec of the chromium project submits as the one implicit user: a per-user limit made for
# people (lib/spend/rate-limit.ts, default 30 a minute) would throttle the parallel suite.
export SUBMIT_RATE_PER_MINUTE=${SUBMIT_RATE_PER_MINUTE:-600}
export TEXT_RATE_PER_MINUTE=${TEXT_RATE_PER_MINUTE:-600}
# SANDBOX_TIME_SCALE and TRACKER_POLL_INTERVAL_MS come from playwright.config.ts (e2e/support/test-speed.ts):
# unset, the studio runs at the spec's real speed.
CHECKPOINT_DISABLE=1 npx prisma migrate deploy >/dev/null
# The share page's client, in case the build was a plain `next build` (npm run build adds it).
[ -f "${NEXT_DIST_DIR:-.next}/share-client.json" ] || node scripts/build-share-client.mjs
exec npx next start -H 127.0.0.1 -p "$port"

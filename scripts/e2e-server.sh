#!/usr/bin/env bash
# The app under end-to-end test: a fresh database and media folder, the built-in sandbox upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3100}
root=data/e2e-$port
rm -rf "$root"; mkdir -p "$root/media"
export DATABASE_URL="file:./$root/studio.db" MEDIA_DIR="./$root/media" PORT=$port HOST=127.0.0.1
unset UPSTREAM_BASE_URL UPSTREAM_LLM_BASE_URL UPSTREAM_API_KEY
CHECKPOINT_DISABLE=1 npx prisma migrate deploy >/dev/null
exec npx next start -H 127.0.0.1 -p "$port"

#!/usr/bin/env bash
# `npm start`: set up whatever is missing on a fresh machine, build if sources changed, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
set -a; [ -f .env ] && . ./.env; set +a
bash scripts/prepare.sh

bash scripts/build-if-stale.sh

echo "› Model Studio on http://${HOST:-127.0.0.1}:${PORT:-3000}"
exec npx next start -H "${HOST:-127.0.0.1}" -p "${PORT:-3000}"

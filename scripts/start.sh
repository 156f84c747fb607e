#!/usr/bin/env bash
# `npm start`: set up whatever is missing on a fresh machine, build if sources changed, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
set -a; [ -f .env ] && . ./.env; set +a

# A bad configuration fails in a second, naming the variable, not after installing and building.
check_config() {
  node_modules/.bin/tsx -e 'import { parseEnv } from "./lib/env.ts";
try { parseEnv(process.env); } catch (e) { console.error((e as Error).message); process.exit(1); }'
}
checked=0
if [ -x node_modules/.bin/tsx ]; then check_config; checked=1; fi
host=${HOST:-127.0.0.1} port=${PORT:-3000}

# A second studio on the same port (or the same database) would fail later with a confusing error.
if (exec 3<>"/dev/tcp/${host/0.0.0.0/127.0.0.1}/$port") 2>/dev/null; then
  echo "Port $port on $host is already in use — is Model Studio already running? Stop it, or set PORT." >&2
  exit 1
fi

bash scripts/prepare.sh
# On a fresh machine tsx only exists once prepare has installed the dependencies.
[ "$checked" = 1 ] || check_config

bash scripts/build-if-stale.sh

echo "› Model Studio on http://$host:$port"
exec npx next start -H "$host" -p "$port"

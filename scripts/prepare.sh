#!/usr/bin/env bash
# Idempotent set-up shared by `npm start` and `npm test`: dependencies, Prisma client, migrations.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› installing dependencies (npm ci)"
  npm ci --no-audit --no-fund
  # The next clean install on this machine unpacks the SQLite binary this one compiled (~50 s).
  npm_config_cache=$(npm config get cache) node scripts/cache-sqlite-binary.mjs || true
fi

# One data model: the PostgreSQL schema is generated from the SQLite one, and each gets its client.
node scripts/db/postgres-schema.mjs
if [ ! -f lib/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt lib/generated/prisma/client.ts ]; then
  echo "› generating the Prisma client (SQLite)"
  DATABASE_URL=file:./data/studio.db npx prisma generate >/dev/null
fi
if [ ! -f lib/generated/prisma-pg/client.ts ] || [ prisma/postgresql/schema.prisma -nt lib/generated/prisma-pg/client.ts ]; then
  echo "› generating the Prisma client (PostgreSQL)"
  DATABASE_URL=postgresql://localhost/unused npx prisma generate >/dev/null
fi

# DATABASE_URL may come from .env; prisma.config.ts loads it (default ./data/studio.db) and picks the
# provider's schema and migrations from its scheme (file: or postgresql://). `migrate deploy` takes
# SQLite's write lock even with nothing to apply, so it runs only when a read-only look at the
# applied migrations finds one pending. `--operator` (the operator CLI, which may run beside a live
# studio) migrates only a database nothing has migrated yet and names any pending migration instead.
apply=all
[ "${1:-}" = "--operator" ] && apply=fresh
status=0
node_modules/.bin/tsx scripts/db/migration-status.ts --apply "$apply" || status=$?
case $status in
  0) echo "› database schema current" ;;
  3)
    npx prisma migrate deploy >/dev/null
    echo "› database migrated"
    ;;
  *) exit "$status" ;;
esac

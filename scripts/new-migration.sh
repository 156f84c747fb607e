#!/usr/bin/env bash
# Creates the migrations of a schema change since HEAD, one per provider, without `prisma migrate
# dev`: migrate dev would see the FTS5 search tables (raw SQL, unknown to Prisma) as drift and offer
# to drop them. Edit prisma/schema.prisma only; the PostgreSQL schema is generated from it.
# Prisma's diff connects through the configured adapter even between two schema files, so the
# PostgreSQL half needs a server: TEST_POSTGRES_URL (default the machine's, as the tests use).
set -euo pipefail
name=${1:?usage: scripts/new-migration.sh NAME}
cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1
stamp=$(date -u +%Y%m%d%H%M%S)
old=$(mktemp --suffix=.prisma) old_pg=$(mktemp --suffix=.prisma)
trap 'rm -f "$old" "$old_pg"' EXIT
git show HEAD:prisma/schema.prisma > "$old"
git show HEAD:prisma/postgresql/schema.prisma > "$old_pg"
node scripts/db/postgres-schema.mjs

dir="prisma/migrations/${stamp}_${name}"
mkdir -p "$dir"
DATABASE_URL=file:./data/studio.db npx prisma migrate diff --from-schema-datamodel "$old" \
  --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
echo "wrote $dir/migration.sql"; cat "$dir/migration.sql"
if grep -q 'CREATE TABLE "new_Task"' "$dir/migration.sql"; then
  echo "warning: this migration rebuilds Task, which renumbers its rowids and drops the search triggers." >&2
  echo "Prefer ALTER TABLE … ADD COLUMN by hand, or recreate the TaskSearchFts triggers on Task and refill the" >&2
  echo "table at the end of the migration (docs/decisions/gallery.md, \"Search\")." >&2
fi

pg_dir="prisma/postgresql/migrations/${stamp}_${name}"
mkdir -p "$pg_dir"
DATABASE_URL=${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres} npx prisma migrate diff \
  --from-schema-datamodel "$old_pg" --to-schema-datamodel prisma/postgresql/schema.prisma --script > "$pg_dir/migration.sql"
echo "wrote $pg_dir/migration.sql"; cat "$pg_dir/migration.sql"

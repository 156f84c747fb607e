#!/usr/bin/env bash
# Creates a migration from the schema change since HEAD without `prisma migrate dev`: migrate dev
# would see the FTS5 search tables (raw SQL, unknown to Prisma) as drift and offer to drop them.
set -euo pipefail
name=${1:?usage: scripts/new-migration.sh NAME}
cd "$(dirname "$0")/.."
old=$(mktemp --suffix=.prisma)
git show HEAD:prisma/schema.prisma > "$old"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
CHECKPOINT_DISABLE=1 npx prisma migrate diff --from-schema-datamodel "$old" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
rm -f "$old"
echo "wrote $dir/migration.sql"; cat "$dir/migration.sql"

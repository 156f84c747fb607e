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
if grep -q 'CREATE TABLE "new_Task"' "$dir/migration.sql"; then
  echo "warning: this migration rebuilds Task, which renumbers its rowids and drops the prompt-search triggers." >&2
  echo "Prefer ALTER TABLE … ADD COLUMN by hand, or recreate the TaskPromptFts triggers and rebuild the index" >&2
  echo "(INSERT INTO TaskPromptFts(TaskPromptFts) VALUES('rebuild')) at the end of the migration." >&2
fi

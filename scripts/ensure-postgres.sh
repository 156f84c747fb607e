#!/usr/bin/env bash
# Sourced by scripts/test.sh: exports TEST_POSTGRES_URL for a PostgreSQL server the suite can use.
# The machine's server when it answers (127.0.0.1:5432, trust auth); otherwise one started from
# Debian's packages in a temporary folder, stopped when the tests end. Never a silent skip: any
# failure here fails the test command.

pg_url=${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}

apt_install() {
  echo "› installing $* from Debian's packages"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# pg_dump and pg_restore too: lib/backup/backup.test.ts backs a PostgreSQL studio up with them.
{ command -v psql && command -v pg_dump && command -v pg_restore; } >/dev/null || apt_install postgresql-client

if psql "$pg_url" -qAtc 'SELECT 1' >/dev/null 2>&1; then
  export TEST_POSTGRES_URL=$pg_url
  echo "› PostgreSQL: using the server at ${pg_url%/*}"
else
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  pg_dir=$(mktemp -d /tmp/studio-postgres.XXXXXX)
  pg_port=${TEST_POSTGRES_PORT:-55432}
  chown postgres "$pg_dir"
  as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
  export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$pg_port/postgres"
  echo "› PostgreSQL: started a server for the tests on port $pg_port ($pg_dir)"
  stop_test_postgres() { as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1; rm -rf "$pg_dir"; }
  trap stop_test_postgres EXIT
fi

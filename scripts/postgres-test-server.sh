#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on a loopback port in a temporary folder, for the tests
# that run against a real server (TEST_DATABASE_URL). Prints the URL; stop it with
#   scripts/postgres-test-server.sh stop DIR
# Needs PostgreSQL's initdb and pg_ctl; the server refuses to run as root, so it runs as the
# postgres user when started by root.
set -euo pipefail

if [ "${1:-}" = "stop" ]; then
  dir="$2"
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- pg_ctl -D "$dir/data" -m fast stop >/dev/null; else pg_ctl -D "$dir/data" -m fast stop >/dev/null; fi
  rm -rf "$dir"
  exit 0
fi

port="${PGPORT_TEST:-55432}"
dir="$(mktemp -d /tmp/pg-test-XXXXXX)"
as_pg() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
as_pg initdb -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
as_pg pg_ctl -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" -l "$dir/log" -w start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres $dir"

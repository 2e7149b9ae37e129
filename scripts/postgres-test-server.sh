#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on a loopback port in a temporary folder, for the tests
# that run against a real server (TEST_DATABASE_URL). Prints the URL and the folder; stop it with
#   scripts/postgres-test-server.sh stop DIR
# The fault tests take the server away and bring it back on the same data and port:
#   scripts/postgres-test-server.sh pause DIR; scripts/postgres-test-server.sh resume DIR
# Needs PostgreSQL's initdb and pg_ctl; the server refuses to run as root, so it runs as the
# postgres user when started by root.
set -euo pipefail

as_pg() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start() { as_pg pg_ctl -D "$1/data" -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" -l "$1/log" -w start >/dev/null; }

case "${1:-}" in
  stop)
    as_pg pg_ctl -D "$2/data" -m fast stop >/dev/null
    rm -rf "$2"
    exit 0 ;;
  pause)
    as_pg pg_ctl -D "$2/data" -m fast stop >/dev/null
    exit 0 ;;
  resume)
    start "$2" "$(cat "$2/port")"
    exit 0 ;;
esac

port="${PGPORT_TEST:-55432}"
dir="$(mktemp -d /tmp/pg-test-XXXXXX)"
if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
echo "$port" > "$dir/port"
as_pg initdb -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
start "$dir" "$port"
echo "postgres://postgres@127.0.0.1:$port/postgres $dir"

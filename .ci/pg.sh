#!/usr/bin/env bash
# Starts a private PostgreSQL 15 cluster on 127.0.0.1:${PGPORT:-54329} (trust auth, loopback only).
set -euo pipefail
PGBIN=/usr/lib/postgresql/15/bin
PGDIR=${PGDIR:-/tmp/studyhub-pg}
PGPORT=${PGPORT:-54329}
if ! [ -x "$PGBIN/pg_ctl" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
fi
if ! runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
  rm -rf "$PGDIR"; mkdir -p "$PGDIR"; chown postgres "$PGDIR"
  runuser -u postgres -- "$PGBIN/initdb" -D "$PGDIR" -U postgres --auth=trust >/dev/null
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR" -l "$PGDIR/log" \
    -o "-c listen_addresses=127.0.0.1 -c port=$PGPORT -c unix_socket_directories=$PGDIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" -w start >/dev/null
fi
echo "postgres on 127.0.0.1:$PGPORT"

#!/usr/bin/env bash
# A long session's heap stays flat (issue 28 item 3), in a real terminal: d2t runs in a
# private tmux server on a 20,000-row table, following on, and is sent the keys of
# scripts/bench-session (moves, paging, rows opened and closed, searches, page changes) in
# bursts. The main heap's resident size (the `[heap]` mapping in /proc/PID/smaps) is taken
# after 1,000 keys, once what a session keeps is in, and again after 3,000 more; it may
# grow by at most 64 KB. Before the database worker's lanes ran on threads of their own,
# the heap grew about 100 KB per 1,000 keys: libdispatch kept the UI thread's blocks of
# finished jobs in its threads' caches, scattered among newer allocations. And only d2t's
# own threads run: libdispatch's pool would wake the process every second. On SQLite, on
# PostgreSQL (D2T_TEST_POSTGRES_URL) and on MariaDB (D2T_TEST_MARIADB_URL).
#
# Usage: scripts/tmux-session-memory-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-session-memory-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-session-memory-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-session-memory-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-session-memory-e2e
export XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config"

# heap_kb PID: the resident kilobytes of the main heap.
heap_kb() {
  awk '/\[heap\]/ { in_heap = 1; next } /^[0-9a-f]+-/ { in_heap = 0 } in_heap && /^Rss:/ { print $2 }' \
    "/proc/$1/smaps"
}

# keys SESSION N: N keys in bursts of one round each, the round of scripts/bench-session;
# every 20th burst goes back to the entity list and into the other table's list, or back.
round=(Down Down Down Down PageDown Down Up PageUp Enter Escape End Home / a Escape Down)
keys() {
  local sent=0 bursts=0
  while [ "$sent" -lt "$2" ]; do
    bursts=$((bursts + 1))
    if [ $((bursts % 20)) -eq 0 ]; then
      "${TM[@]}" send-keys -t "$1" Escape "$([ $((bursts % 40)) -eq 0 ] && echo Up || echo Down)" Enter
      sent=$((sent + 3))
    else
      "${TM[@]}" send-keys -t "$1" "${round[@]}"
      sent=$((sent + ${#round[@]}))
    fi
    sleep 0.05
  done
}

# session NAME DATABASE: 4,000 keys on DATABASE's tables `big` and `other`; the heap's
# growth over the last 3,000, and the threads of the process.
session() {
  local s=$1 pid before after
  mkdir -p "$WORK/$s"
  "${TM[@]}" new-session -d -s "$s" -x 200 -y 50 "echo \$\$ >'$WORK/$s/pid'; exec '$BIN' '$2'" </dev/null
  d2t_tmux_remember_server
  check "$s: the entity list" "wait_for $s 'Big'" "$s"
  pid=$(cat "$WORK/$s/pid")
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: the list of Big" "wait_for $s 'name 1 '" "$s"
  keys "$s" 1000
  sleep 1
  before=$(heap_kb "$pid")
  keys "$s" 3000
  sleep 1
  after=$(heap_kb "$pid")
  echo "$s: main heap $before KB resident after 1,000 keys, $after KB after 3,000 more"
  check "$s: the main heap grows by at most 64 KB over 3,000 keys ($before KB, then $after KB)" \
    "[ $((after - before)) -le 64 ]" "$s"
  # libdispatch's pool, once one of its threads has started, checks on it every second
  # for good: idle, nothing but d2t's own waits may wake the process.
  local threads
  threads=$(cat /proc/"$pid"/task/*/comm | sort | tr '\n' ' ')
  echo "$s: threads: $threads"
  check "$s: only d2t's own threads, none of libdispatch's pool ($threads)" \
    "! cat /proc/$pid/task/*/comm | grep -qv '^d2t'" "$s"
  check "$s: d2t still runs" "kill -0 $pid"
  "${TM[@]}" send-keys -t "$s" Escape Escape q
}

TABLES="CREATE TABLE big (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL, amount NUMERIC(6,1) NOT NULL);
  CREATE TABLE other (id INTEGER PRIMARY KEY, label VARCHAR(20) NOT NULL);"
# rows CONCATENATION: the rows, text made with CONCATENATION (MariaDB's `||` is OR).
rows() {
  echo "INSERT INTO big WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
    SELECT i, $(printf "$1" "'name '" i), (i % 1000) / 10.0 FROM n;
    INSERT INTO other SELECT id, $(printf "$1" "'label '" id) FROM big WHERE id <= 500;"
}

sqlite3 "$WORK/session.sqlite" "$TABLES $(rows '%s || %s')"
session sqlite "$WORK/session.sqlite"

name="d2t_session_memory_$$"
if [ -n "${D2T_TEST_POSTGRES_URL:-}" ]; then
  command -v psql >/dev/null || { echo "tmux-session-memory-e2e: psql is not installed" >&2; exit 2; }
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "CREATE DATABASE $name" >/dev/null
  url="${D2T_TEST_POSTGRES_URL%/*}/$name"
  psql -qAt "$url" -c "$TABLES" -c "$(rows '%s || %s')" >/dev/null
  session postgres "$url"
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "DROP DATABASE $name WITH (FORCE)" >/dev/null || true
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_POSTGRES_URL is not set: CI checks the session on PostgreSQL too"
fi

if [ -n "${D2T_TEST_MARIADB_URL:-}" ]; then
  . scripts/lib/mariadb.sh
  d2t_mariadb_client
  "${D2T_MARIADB_CLIENT[@]}" -e "CREATE DATABASE $name"
  "${D2T_MARIADB_CLIENT[@]}" "$name" -e "SET SESSION max_recursive_iterations = 100000; $TABLES
    $(rows 'CONCAT(%s, %s)')"
  session mariadb "${D2T_TEST_MARIADB_URL%/*}/$name"
  "${D2T_MARIADB_CLIENT[@]}" -e "DROP DATABASE $name" || true
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_MARIADB_URL is not set: CI checks the session on MariaDB too"
fi

d2t_tmux_finish

#!/usr/bin/env bash
# End-to-end test of the start's order (issue 28 item 2): d2t in tmux on a SQLite file with
# a table large enough that counting it takes a while, with D2T_TRACE_STARTUP naming a file.
# The trace must list the phases in the order a start takes them — the database's opening
# begun before the settings are read; the settings, then the terminal; the database
# (connection, catalog, model); the rules, the first page — then the first frame, and only
# after it what the first screen does not show: the recent-connections file written, the
# count drawn. The second connection (for counts) opens after the first, and the first
# frame does not wait for it. The process must not have
# loaded the PostgreSQL or MariaDB client library (loaded on first use), and
# D2T_TRACE_STARTUP=1 prints the same report on standard error once the terminal is back.
# On PostgreSQL (D2T_TEST_POSTGRES_URL), a start after the first draws from the catalog
# the first kept and checks it after the first frame; it draws that frame before its
# connection is in (shown with the server stopped: a relay in front of it, SIGSTOP), on
# MariaDB (D2T_TEST_MARIADB_URL) too.
#
# Usage: scripts/tmux-startup-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-startup-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-startup-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-startup-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-startup-e2e
mkdir -p "$WORK/config" "$WORK/state" "$WORK/s" "$WORK/e"
sqlite3 "$WORK/big.sqlite" "CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
INSERT INTO big SELECT i, 'name ' || i FROM n;"
run_env="XDG_CONFIG_HOME='$WORK/config' XDG_STATE_HOME='$WORK/state'"

"${TM[@]}" new-session -d -s s -x 200 -y 50 \
  "cd '$PWD'; stty -g >'$WORK/s/before'; env $run_env D2T_TRACE_STARTUP='$WORK/trace.txt' \
    sh -c 'echo \$\$ >\"$WORK/s/pid\"; exec \"$BIN\" \"$WORK/big.sqlite\"'; echo \$? >'$WORK/s/rc'; \
    stty -g >'$WORK/s/after'" </dev/null
d2t_tmux_remember_server
check "the first screen shows the count" "wait_for s '300,000'" s
check "no PostgreSQL or MariaDB client library is loaded" \
  "! grep -qE 'libpq|libmariadb' /proc/\$(cat '$WORK/s/pid')/maps" s
check "nor libcrypto, which only the login page needs" "! grep -q 'libcrypto' /proc/\$(cat '$WORK/s/pid')/maps" s
"${TM[@]}" send-keys -t s q
check "quits" "wait_exit s" s
restored s 0
check "the trace is written" "[ -s '$WORK/trace.txt' ]"
cat "$WORK/trace.txt"

# The phases, in the order they must have ended (of the trace $TRACE names).
TRACE="$WORK/trace.txt"
phases() { sed -nE 's/^ *[0-9.]+ ms +\+ *[0-9.]+ ms  //p' "$TRACE"; }
position() { phases | grep -nxF -- "$1" | head -1 | cut -d: -f1; }
before() {
  local first second
  first=$(position "$1")
  second=$(position "$2")
  [ -n "$first" ] && [ -n "$second" ] && [ "$first" -lt "$second" ]
}
# Two chains meet at the rules: the settings and the terminal, and the database, whose
# opening starts before the settings are read (a file or URL names no configured connection).
chain() {
  local order=("$@")
  for ((i = 1; i < ${#order[@]}; i++)); do
    check "'${order[i - 1]}' before '${order[i]}'" "before '${order[i - 1]}' '${order[i]}'"
  done
}
chain main settings terminal "rules read"
chain main "command line" connecting settings
chain connecting connected "catalog read" "model built" "rules read" "first page" "first frame"
chain connected "second connection" "first result drawn"
check "the recent-connections file is written after the first frame" "before 'first frame' 'recent connections'"
check "the count is drawn in or after the first frame, which does not wait for it" "before 'first frame' 'first result drawn'"
check "the time before main is reported" "grep -qE '^d2t start: [0-9.]+ ms of CPU before main' '$WORK/trace.txt'"

# D2T_TRACE_STARTUP=1: on standard error, after the terminal is restored.
"${TM[@]}" new-session -d -s e -x 120 -y 40 \
  "cd '$PWD'; stty -g >'$WORK/e/before'; env $run_env D2T_TRACE_STARTUP=1 '$BIN' '$WORK/big.sqlite' \
    2>'$WORK/e/stderr'; echo \$? >'$WORK/e/rc'; stty -g >'$WORK/e/after'" </dev/null
check "the second start draws" "wait_for e '300,000'" e
"${TM[@]}" send-keys -t e q
check "and quits" "wait_exit e" e
restored e 0
check "D2T_TRACE_STARTUP=1 prints the phases on standard error" "grep -qE ' ms  first frame$' '$WORK/e/stderr'"

# relay URL: starts scripts/lib/tcp-relay.py in front of URL's host and port; sets
# relay_pid and relayed (URL through the relay).
relay() {
  local hostport=${1#*@}
  hostport=${hostport%%/*}
  python3 scripts/lib/tcp-relay.py "${hostport%:*}" "${hostport##*:}" >"$WORK/relay.port" &
  relay_pid=$!
  trap 'kill -CONT "$relay_pid" 2>/dev/null || true; kill "$relay_pid" 2>/dev/null || true; d2t_tmux_cleanup' EXIT
  for _ in $(seq 100); do [ -s "$WORK/relay.port" ] && break; sleep 0.05; done
  relayed=${1/@$hostport\//@127.0.0.1:$(head -1 "$WORK/relay.port")/}
  rm -f "$WORK/relay.port"
}

# start_at SESSION URL: d2t on URL, with the cache folder the starts share and a trace.
start_at() {
  "${TM[@]}" new-session -d -s "$1" -x 120 -y 30 \
    "cd '$PWD'; stty -g >'$WORK/$1/before'; env $run_env XDG_CACHE_HOME='$WORK/cache' \
      D2T_TRACE_STARTUP='$WORK/$1/trace.txt' '$BIN' '$2'; echo \$? >'$WORK/$1/rc'; \
      stty -g >'$WORK/$1/after'" </dev/null
}

# stopped_preview SESSION TABLE ENGINE: with the relay stopped, a start through it shows
# TABLE (remembered) at once; Enter typed meanwhile waits, and opens the first table (a row
# says apple) once the relay goes on; the trace has the preview before the connection.
stopped_preview() {
  mkdir -p "$WORK/$1"
  kill -STOP "$relay_pid"
  start_at "$1" "$relayed"
  check "$3 stopped: the remembered tables are on the screen" "wait_for $1 '$2' 18" "$1"
  "${TM[@]}" send-keys -t "$1" Enter
  sleep 0.3
  check "$3: a key typed meanwhile waits for the server" "! screen $1 | grep -qF 'apple'" "$1"
  kill -CONT "$relay_pid"
  check "$3: and goes on once it answers" "wait_for $1 'apple'" "$1"
  "${TM[@]}" send-keys -t "$1" q
  check "$3: the preview's start quits" "wait_exit $1" "$1"
  restored "$1" 0
  TRACE="$WORK/$1/trace.txt"
  cat "$TRACE"
  chain "first page" "preview drawn" connected "catalog recalled" "first frame" "catalog checked"
}

# A server's catalog is kept between starts: the next start draws its first frame from it
# (no catalog read before it; a preview of it before the connection is in) and reads the
# catalog again right after; keys typed at once wait for that check and go on; a table
# made between starts is there.
if [ -n "${D2T_TEST_POSTGRES_URL:-}" ]; then
  name="d2t_tmux_startup_$$"
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "CREATE DATABASE $name" >/dev/null
  url="${D2T_TEST_POSTGRES_URL%/*}/$name"
  psql -qAt "$url" -c "CREATE TABLE first_table (id integer PRIMARY KEY, word text)" \
    -c "INSERT INTO first_table VALUES (1, 'apple')" >/dev/null
  mkdir -p "$WORK/p1" "$WORK/p2" "$WORK/p3"
  start_at p1 "$url"
  check "PostgreSQL: the first start draws" "wait_for p1 'FirstTable'" p1
  "${TM[@]}" send-keys -t p1 q
  check "and quits" "wait_exit p1" p1
  restored p1 0
  TRACE="$WORK/p1/trace.txt"
  chain connected "catalog read" "model built" "first frame"
  check "the catalog is kept in the cache folder" "ls '$WORK/cache/d2t/catalogs/'*.json"

  # Enter at once: the first table's list opens once the check is in.
  start_at p2 "$url"
  "${TM[@]}" send-keys -t p2 Enter
  check "a key sent at the start goes on after the check" "wait_for p2 'apple'" p2
  "${TM[@]}" send-keys -t p2 q
  check "the second start quits" "wait_exit p2" p2
  restored p2 0
  TRACE="$WORK/p2/trace.txt"
  cat "$TRACE"
  chain "first page" "preview drawn" "first frame" "catalog checked"
  chain connected "catalog recalled" "model built" "first frame"
  check "no catalog read before the first frame" "! phases | grep -qx 'catalog read'"

  psql -qAt "$url" -c "CREATE TABLE second_table (id integer PRIMARY KEY)" >/dev/null
  start_at p3 "$url"
  check "a table made since the last start is there" "wait_for p3 'SecondTable'" p3
  "${TM[@]}" send-keys -t p3 q
  check "the third start quits" "wait_exit p3" p3
  restored p3 0
  check "and the new catalog is kept" "grep -q second_table '$WORK/cache/d2t/catalogs/'*.json"

  # The first screen does not wait for the connection: with the server stopped, a start
  # shows the remembered tables at once; a key typed meanwhile waits, and goes on once the
  # server answers. Stopped longer than a second, the start says it is connecting, and Esc
  # gives up. The server is stopped as a relay in front of it (SIGSTOP): the one server the
  # other tests use meanwhile goes on.
  relay "$url"
  mkdir -p "$WORK/p4" "$WORK/p6"
  start_at p4 "$relayed"
  check "through a relay: the first start draws" "wait_for p4 'SecondTable'" p4
  "${TM[@]}" send-keys -t p4 q
  check "and quits" "wait_exit p4" p4
  stopped_preview p5 SecondTable PostgreSQL
  kill -STOP "$relay_pid"
  start_at p6 "$relayed"
  check "stopped for more than a second: the start says it is connecting" "wait_for p6 'Connecting to'" p6
  "${TM[@]}" send-keys -t p6 Escape
  check "Esc gives up" "wait_exit p6" p6
  kill -CONT "$relay_pid"
  restored p6 1
  kill "$relay_pid"

  # q at once, while the second connection (begun after the first frame) is still in its
  # SCRAM exchange: d2t ends with status 0 every time (OpenSSL's clean-up at exit freed what
  # that thread used: a segmentation fault in 4–20 % of such starts).
  mkdir -p "$WORK/quick"
  for i in $(seq 30); do
    "${TM[@]}" new-session -d -s "quick$i" -x 120 -y 30 \
      "env $run_env XDG_CACHE_HOME='$WORK/cache' '$BIN' '$url'; echo \$? >'$WORK/quick/$i'" </dev/null
    "${TM[@]}" send-keys -t "quick$i" q
    for _ in $(seq 200); do [ -s "$WORK/quick/$i" ] && break; sleep 0.02; done
  done
  statuses=$(cat "$WORK/quick/"* 2>/dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ';')
  echo "quick quits, count and status: $statuses"
  check "30 starts quit at once end with status 0" "[ '$statuses' = ' 30 0;' ]"
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "DROP DATABASE $name WITH (FORCE)" >/dev/null || true
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_POSTGRES_URL is not set: CI checks the remembered catalog on PostgreSQL too"
fi

# MariaDB: the same preview, the server stopped as a relay in front of it.
if [ -n "${D2T_TEST_MARIADB_URL:-}" ]; then
  . scripts/lib/mariadb.sh
  d2t_mariadb_client
  name="d2t_tmux_startup_$$"
  "${D2T_MARIADB_CLIENT[@]}" -e "CREATE DATABASE $name; CREATE TABLE $name.first_table (id INT PRIMARY KEY,
    word VARCHAR(20)); INSERT INTO $name.first_table VALUES (1, 'apple')"
  relay "${D2T_TEST_MARIADB_URL%/*}/$name"
  mkdir -p "$WORK/m1"
  start_at m1 "$relayed"
  check "MariaDB: the first start draws" "wait_for m1 'FirstTable'" m1
  "${TM[@]}" send-keys -t m1 q
  check "and quits" "wait_exit m1" m1
  restored m1 0
  stopped_preview m2 FirstTable MariaDB
  kill "$relay_pid"
  "${D2T_MARIADB_CLIENT[@]}" -e "DROP DATABASE $name" || true
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_MARIADB_URL is not set: CI checks the preview on MariaDB too"
fi

d2t_tmux_finish

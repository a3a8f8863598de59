#!/usr/bin/env bash
# End-to-end test of issue 24 in a real terminal, on SQLite and (when D2T_TEST_POSTGRES_URL
# names a server) PostgreSQL: marks three actors with Space, changes their last name together
# (e, the preview dialog, Change), checks the rows, undoes it with u; imports a CSV file with
# o (the columns matched, then Enter); quits and checks the terminal is restored.
#
# Usage: scripts/tmux-batch-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-batch-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-batch-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-batch-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-batch-e2e
printf 'first_name,last_name\nAda,Lovelace\nAlan,Turing\n' >"$WORK/actors.csv"

# walk SESSION DATABASE QUERY: QUERY prints the number of rows of the SQL given as $1.
walk() {
  local s=$1 db=$2 query=$3
  mkdir -p "$WORK/$s"
  "${TM[@]}" new-session -d -s "$s" -x 130 -y 40 \
    "cd '$PWD'; stty -g >'$WORK/$s/before'; '$BIN' '$db' --rules Rules/sakila.rules; echo \$? >'$WORK/$s/rc'; stty -g >'$WORK/$s/after'" \
    </dev/null
  d2t_tmux_remember_server
  check "$s: the entity list" "wait_for $s 'Moviestars'" "$s"
  "${TM[@]}" send-keys -t "$s" Down Enter
  check "$s: the actors" "wait_for $s 'Moviestars (200)'" "$s"
  "${TM[@]}" send-keys -t "$s" Space Space Space
  check "$s: three rows marked" "wait_for $s '3 marked'" "$s"
  "${TM[@]}" send-keys -t "$s" e
  check "$s: the batch form" "wait_for $s 'Change 3 marked of'" "$s"
  "${TM[@]}" send-keys -t "$s" Tab
  "${TM[@]}" send-keys -t "$s" -l BATCH
  "${TM[@]}" send-keys -t "$s" C-s
  check "$s: the preview names the rows and the SQL" "wait_for $s 'Change 3 rows' && wait_for $s 'UPDATE'" "$s"
  "${TM[@]}" send-keys -t "$s" Left Enter
  check "$s: changed" "wait_for $s 'Changed 3 rows'" "$s"
  check "$s: the database holds the three" "[ \"\$($query \"SELECT count(*) FROM actor WHERE last_name = 'BATCH'\")\" = 3 ]"
  "${TM[@]}" send-keys -t "$s" u
  check "$s: undone" "wait_for $s 'Undone: 3 rows'" "$s"
  check "$s: each row back" "[ \"\$($query \"SELECT count(*) FROM actor WHERE last_name = 'BATCH'\")\" = 0 ]"
  "${TM[@]}" send-keys -t "$s" o
  check "$s: the import page" "wait_for $s 'Import into Moviestars'" "$s"
  "${TM[@]}" send-keys -t "$s" -l "$WORK/actors.csv"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: the columns matched" "wait_for $s '→ Last Name'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: imported" "wait_for $s 'Imported 2 rows'" "$s"
  check "$s: the database holds them" "[ \"\$($query \"SELECT count(*) FROM actor WHERE last_name IN ('Lovelace', 'Turing')\")\" = 2 ]"
  "${TM[@]}" send-keys -t "$s" q
  check "$s: quits on q" "wait_exit $s"
  restored "$s" 0
}

DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
walk sqlite "$DB" "sqlite3 '$DB'"

if [ -n "${D2T_TEST_POSTGRES_URL:-}" ]; then
  name="d2t_tmux_batch_$$"
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "CREATE DATABASE $name" >/dev/null
  url="${D2T_TEST_POSTGRES_URL%/*}/$name"
  "$BIN" sakila load "$url" --scale 1 >/dev/null 2>&1
  walk postgres "$url" "psql -qAt '$url' -c"
  psql -qAt "$D2T_TEST_POSTGRES_URL" -c "DROP DATABASE $name WITH (FORCE)" >/dev/null || true
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_POSTGRES_URL is not set: CI walks PostgreSQL too"
fi

d2t_tmux_finish

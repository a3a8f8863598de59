#!/usr/bin/env bash
# End-to-end test of panes following the database (issue #15): d2t runs in a private tmux
# server on the Category list with the cursor on Comedy; a second client (sqlite3 / psql)
# updates, inserts and deletes rows; within 2 s, without a key, the screen shows all three
# and the cursor is still on Comedy. Esc typed in one burst with Enter goes back to the
# list. Then an open edit shows a change made underneath.
# Runs on SQLite, and on PostgreSQL when D2T_TEST_POSTGRES_URL is set.
#
# Usage: scripts/tmux-follow-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-follow-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-follow-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-follow-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-follow-e2e
printf 'visibleEntityNames <= (Category)\n' >"$WORK/category.rules"

# within_2s SESSION TEXT: TEXT on the screen without a key. d2t checks every second, so on
# an idle machine it shows within 2 s; the bound is 5 s because the suite runs this next to
# other tests on 2 cores.
within_2s() { wait_for "$1" "$2" 100; }

# follow NAME DATABASE QUERY-FUNCTION
follow() {
  local s=$1 db=$2 query=$3
  mkdir -p "$WORK/$s"
  $query "INSERT INTO category (category_id, name) VALUES (100, 'Temporary')"
  "${TM[@]}" new-session -d -s "$s" -x 150 -y 30 \
    "cd '$PWD'; stty -g >'$WORK/$s/before'; '$BIN' '$db' --rules '$WORK/category.rules'; echo \$? >'$WORK/$s/rc'; stty -g >'$WORK/$s/after'" \
    </dev/null
  d2t_tmux_remember_server
  check "$s: the entity list" "wait_for $s 'Category'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: the category list" "wait_for $s 'Temporary'" "$s"
  "${TM[@]}" send-keys -t "$s" Down Down Down Down
  check "$s: the cursor on Comedy, 5th of 17" "wait_for $s '5/17'" "$s"
  sleep 2.5
  $query "UPDATE category SET name = 'Animated' WHERE category_id = 2"
  $query "INSERT INTO category (category_id, name) VALUES (0, 'Zzz Western')"
  $query "DELETE FROM category WHERE category_id = 100"
  check "$s: an update by another client shows within 2 s, no key pressed" "within_2s $s 'Animated'" "$s"
  # The mark lasts 3 s from the refresh that showed the row, so it is looked for at once.
  check "$s: the changed row is marked" "screen $s | grep -q '• *2 Animated'" "$s"
  check "$s: an insert too" "within_2s $s 'Zzz Western'" "$s"
  check "$s: a delete too" "wait_gone $s 'Temporary'" "$s"
  check "$s: the cursor stays on Comedy, now 6th" "within_2s $s '6/17'" "$s"

  "${TM[@]}" send-keys -t "$s" Up Up Up Enter Escape
  sleep 0.3
  check "$s: Esc in the same burst as Enter goes back (the row's fetch is cancelled)" \
    "wait_for $s '3/17' && screen $s | head -1 | grep -q '› Category *\$'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: the inspector on Animated" "wait_for $s 'Film Categories'" "$s"
  "${TM[@]}" send-keys -t "$s" e
  check "$s: the editor" "wait_for $s 'Edit Animated'" "$s"
  "${TM[@]}" send-keys -t "$s" Down C-u Mine
  check "$s: typed into the name" "wait_for $s '• Mine'" "$s"
  sleep 2.5
  $query "UPDATE category SET name = 'Theirs' WHERE category_id = 2"
  check "$s: the open edit shows the change underneath" "within_2s $s '⚠ database now:'" "$s"
  check "$s: and offers to take it" "wait_for $s 'Ctrl-T Take the database'" "$s"
  "${TM[@]}" send-keys -t "$s" C-t
  check "$s: takes theirs" "wait_for $s '↻ took the database'" "$s"
  "${TM[@]}" send-keys -t "$s" C-s
  check "$s: nothing left to save: the editor closes" "wait_gone $s 'Edit Animated'" "$s"
  "${TM[@]}" send-keys -t "$s" q
  check "$s: quits" "wait_exit $s"
  restored "$s" 0
}

DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
sqlite_query() { sqlite3 "$DB" "$1"; }
follow sqlite "$DB" sqlite_query

if [ -n "${D2T_TEST_POSTGRES_URL:-}" ]; then
  command -v psql >/dev/null || { echo "tmux-follow-e2e: psql is not installed" >&2; exit 2; }
  NAME="d2t_follow_$$"
  psql -q -d "$D2T_TEST_POSTGRES_URL" -c "CREATE DATABASE $NAME" >/dev/null
  PGDB="${D2T_TEST_POSTGRES_URL%/*}/$NAME"
  trap 'psql -q -d "$D2T_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null 2>&1; d2t_tmux_cleanup' EXIT
  "$BIN" sakila load "$PGDB" >/dev/null 2>&1
  pg_query() { psql -qAt -d "$PGDB" -c "$1" >/dev/null; }
  follow postgres "$PGDB" pg_query
fi

d2t_tmux_finish

#!/usr/bin/env bash
# The SQL console in a real terminal (tmux) on a SQLite file: `:` opens it, a query's rows,
# G to the last of 100,000 rows, an error with its position marked, an UPDATE confirmed and
# committed (checked with sqlite3), ↑ recalling the last statement, and `x` on a filtered
# list writing a CSV.
#
# Usage: scripts/tmux-console-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-console-e2e: $BIN not found" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-console-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-console-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-console-e2e
DB="$WORK/console.sqlite3"
sqlite3 "$DB" <<'SQL'
CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO big SELECT i, 'name ' || i FROM n;
CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, balance INTEGER NOT NULL);
INSERT INTO account VALUES (1, 'ann', 10), (2, 'bob', 20);
SQL
"${TM[@]}" new-session -d -s c -x 120 -y 40 \
  "cd '$WORK'; XDG_STATE_HOME='$WORK/state' '$BIN' '$DB'" >/dev/null 2>&1 </dev/null
d2t_tmux_remember_server
check "the entity list" "wait_for c 'Account'" c
"${TM[@]}" send-keys -t c :
check ": opens the console" "wait_for c 'SQL console'" c
"${TM[@]}" send-keys -t c -l 'select * from big'
"${TM[@]}" send-keys -t c '\;' Enter
check "; + Enter runs: the first rows" "wait_for c 'name 1 '" c
"${TM[@]}" send-keys -t c G
check "G reaches the last row" "wait_for c 'row 100,000 of 100,000'" c
"${TM[@]}" send-keys -t c Tab C-u
"${TM[@]}" send-keys -t c -l 'select nme from big'
"${TM[@]}" send-keys -t c C-r
check "an error names the column" "wait_for c 'nme'" c
check "and marks its position" "wait_for c 'line 1: select nme from big'" c
"${TM[@]}" send-keys -t c C-u
"${TM[@]}" send-keys -t c -l 'update account set balance = 77 where id = 2'
"${TM[@]}" send-keys -t c C-r
check "a change asks first" "wait_for c 'Change data?'" c
"${TM[@]}" send-keys -t c r
check "rows affected, commit or roll back" "wait_for c 'Commit or roll back?'" c
"${TM[@]}" send-keys -t c c
check "committed" "wait_for c 'Committed'" c
check "the row changed in the file" "[ \"\$(sqlite3 '$DB' 'select balance from account where id = 2')\" = 77 ]"
"${TM[@]}" send-keys -t c C-u Up
check "↑ recalls the last statement" "wait_for c 'update account set balance = 77 where id = 2'" c
"${TM[@]}" send-keys -t c Escape
check "Esc closes the console" "wait_gone c 'SQL console'" c
"${TM[@]}" send-keys -t c Enter
check "the account list" "wait_for c 'bob'" c
"${TM[@]}" send-keys -t c x
check "x asks format and file" "wait_for c 'Format'" c
"${TM[@]}" send-keys -t c Tab C-u
"${TM[@]}" send-keys -t c -l "$WORK/accounts.csv"
"${TM[@]}" send-keys -t c Enter
check "the status bar says where" "wait_for c 'Exported 2 rows to'" c
check "the file holds the rows" "[ \"\$(cat '$WORK/accounts.csv')\" = \"\$(printf 'id,owner,balance\n1,ann,10\n2,bob,77')\" ]"
"${TM[@]}" send-keys -t c q
d2t_tmux_finish

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

# The phases, in the order they must have ended.
phases() { sed -nE 's/^ *[0-9.]+ ms +\+ *[0-9.]+ ms  //p' "$WORK/trace.txt"; }
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

d2t_tmux_finish

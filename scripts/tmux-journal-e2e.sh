#!/usr/bin/env bash
# End-to-end test of a kept journal across a restart in a real terminal: with
# `keepsJournal <= true`, edits a film's title and quits; a new d2t on the same database
# lists the change with J and undoes it with u, and the row in the database is as before.
#
# Usage: scripts/tmux-journal-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-journal-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-journal-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-journal-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-journal-e2e

DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
printf "keepsJournal <= true\n" >"$WORK/journal.rules"
FILM=$(sqlite3 "$DB" "SELECT film_id FROM film ORDER BY title, film_id LIMIT 1")
BEFORE=$(sqlite3 "$DB" "SELECT title FROM film WHERE film_id = $FILM")
RUN="cd '$PWD'; XDG_STATE_HOME='$WORK/state' XDG_CONFIG_HOME='$WORK/config' '$BIN' '$DB' --rules Rules/sakila.rules --rules '$WORK/journal.rules'"

mkdir -p "$WORK/first" "$WORK/second"
"${TM[@]}" new-session -d -s first -x 120 -y 40 \
  "stty -g >'$WORK/first/before'; $RUN; echo \$? >'$WORK/first/rc'; stty -g >'$WORK/first/after'" \; \
  set-option -t first remain-on-exit on >/dev/null 2>&1 </dev/null
d2t_tmux_remember_server
check "first: the entity list" "wait_for first 'Moviestars'" first
"${TM[@]}" send-keys -t first Down Down Enter
check "first: the film list" "wait_for first 'Film (1,000)'" first
"${TM[@]}" send-keys -t first Enter
check "first: the first film" "wait_for first 'Film Actors'" first
"${TM[@]}" send-keys -t first e
check "first: the editor" "wait_for first 'Edit '" first
"${TM[@]}" send-keys -t first Down C-u
"${TM[@]}" send-keys -t first -l "KEPT IN THE JOURNAL"
"${TM[@]}" send-keys -t first C-s
check "first: saves" "wait_for first 'Saved Film'" first
"${TM[@]}" send-keys -t first q
check "first: quits" "wait_exit first"
restored first 0
SAVED=$(sqlite3 "$DB" "SELECT title FROM film WHERE film_id = $FILM")
check "the title was saved (now $SAVED)" "[ '$SAVED' = 'KEPT IN THE JOURNAL' ]"

"${TM[@]}" new-session -d -s second -x 120 -y 40 \
  "stty -g >'$WORK/second/before'; $RUN; echo \$? >'$WORK/second/rc'; stty -g >'$WORK/second/after'" \; \
  set-option -t second remain-on-exit on >/dev/null 2>&1 </dev/null
check "second: the entity list" "wait_for second 'Moviestars'" second
"${TM[@]}" send-keys -t second J
check "second: J lists the change made before the restart" "wait_for second 'KEPT IN THE JOURNAL'" second
"${TM[@]}" send-keys -t second Escape
sleep 0.2
"${TM[@]}" send-keys -t second u
check "second: u undoes it" "wait_for second 'Undone: KEPT IN THE JOURNAL'" second
"${TM[@]}" send-keys -t second q
check "second: quits" "wait_exit second"
restored second 0
AFTER=$(sqlite3 "$DB" "SELECT title FROM film WHERE film_id = $FILM")
check "the title is as before the edit ($AFTER)" "[ '$AFTER' = '$BEFORE' ]"

d2t_tmux_finish

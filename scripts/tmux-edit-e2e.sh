#!/usr/bin/env bash
# End-to-end test of editing in a real terminal: runs d2t in a private tmux server on a
# fresh demo database, opens the first film, changes its rating with the rating picker,
# saves with Ctrl-S, quits, and checks the row in the database and that the terminal is
# restored (exit status 0, same `stty -g`, alternate screen off).
#
# Usage: scripts/tmux-edit-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-edit-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-edit-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-edit-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-edit-e2e

mkdir -p "$WORK/edit"
DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
FILM=$(sqlite3 "$DB" "SELECT film_id FROM film ORDER BY title, film_id LIMIT 1")
BEFORE=$(sqlite3 "$DB" "SELECT rating FROM film WHERE film_id = $FILM")

"${TM[@]}" new-session -d -s edit -x 120 -y 40 \
  "cd '$PWD'; stty -g >'$WORK/edit/before'; '$BIN' '$DB' --rules Rules/sakila.rules; echo \$? >'$WORK/edit/rc'; stty -g >'$WORK/edit/after'" \; \
  set-option -t edit remain-on-exit on >/dev/null 2>&1 </dev/null
d2t_tmux_remember_server

check "shows the entity list" "wait_for edit 'Moviestars'" edit
"${TM[@]}" send-keys -t edit Down Down Enter
check "opens the film list" "wait_for edit 'Film (1,000)'" edit
"${TM[@]}" send-keys -t edit Enter
check "opens the first film" "wait_for edit 'Film Actors'" edit
"${TM[@]}" send-keys -t edit e
check "opens the editor with the rating picker" "wait_for edit 'PG-13   R'" edit
for _ in $(seq 10); do "${TM[@]}" send-keys -t edit Down; done
"${TM[@]}" send-keys -t edit N
sleep 0.2
"${TM[@]}" send-keys -t edit C-s
check "saves" "wait_for edit 'Saved Film'" edit
"${TM[@]}" send-keys -t edit q
check "quits on q" "wait_exit edit"

AFTER=$(sqlite3 "$DB" "SELECT rating FROM film WHERE film_id = $FILM")
check "the database holds the new rating (was $BEFORE, now $AFTER)" "[ '$AFTER' = 'NC-17' ]"
restored edit 0

# In session $1: the entity list, the film list, the first film, its editor.
open_editor() {
  check "$1: the entity list" "wait_for $1 'Moviestars'" "$1"
  "${TM[@]}" send-keys -t "$1" Down Down Enter
  check "$1: the film list" "wait_for $1 'Film (1,000)'" "$1"
  "${TM[@]}" send-keys -t "$1" Enter
  check "$1: the first film" "wait_for $1 'Film Actors'" "$1"
  "${TM[@]}" send-keys -t "$1" e
  check "$1: the editor" "wait_for $1 'PG-13   R'" "$1"
}

# q on the chooser with unsaved input asks; Save saves and quits at once (no key needed).
mkdir -p "$WORK/quit"
"${TM[@]}" new-session -d -s quit -x 120 -y 40 \
  "cd '$PWD'; stty -g >'$WORK/quit/before'; '$BIN' '$DB' --rules Rules/sakila.rules; echo \$? >'$WORK/quit/rc'; stty -g >'$WORK/quit/after'" \
  </dev/null
open_editor quit
"${TM[@]}" send-keys -t quit Down End Z Down Down Down Enter
check "quit: the chooser" "wait_for quit 'Choose Language'" quit
"${TM[@]}" send-keys -t quit q
check "quit: q asks" "wait_for quit 'Unsaved changes'" quit
"${TM[@]}" send-keys -t quit s
check "quit: Save saves and quits without another key" "wait_exit quit"
TITLE=$(sqlite3 "$DB" "SELECT title FROM film WHERE film_id = $FILM")
check "quit: the title was saved (now $TITLE)" "[ '${TITLE: -1}' = 'Z' ]"
restored quit 0

# Ctrl-C is a key: with unsaved input it asks as q does (it ended d2t, input and all);
# Discard then quits with status 0 and the terminal's own Ctrl-C (intr) back.
mkdir -p "$WORK/intr"
"${TM[@]}" new-session -d -s intr -x 120 -y 40 \
  "cd '$PWD'; stty -g >'$WORK/intr/before'; '$BIN' '$DB' --rules Rules/sakila.rules; echo \$? >'$WORK/intr/rc'; stty -g >'$WORK/intr/after'" \
  </dev/null
open_editor intr
"${TM[@]}" send-keys -t intr Down End Y C-c
check "intr: Ctrl-C asks" "wait_for intr 'Unsaved changes'" intr
check "intr: and d2t still runs" "[ ! -e '$WORK/intr/rc' ]"
"${TM[@]}" send-keys -t intr d
check "intr: Discard quits" "wait_exit intr"
TITLE=$(sqlite3 "$DB" "SELECT title FROM film WHERE film_id = $FILM")
check "intr: nothing was saved (still $TITLE)" "[ '${TITLE: -1}' = 'Z' ]"
restored intr 0

d2t_tmux_finish

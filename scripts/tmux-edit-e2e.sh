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

WORK=$(mktemp -d)
SOCKET="d2t-edit-$$"
TM=(tmux -L "$SOCKET" -f /dev/null)
trap '"${TM[@]}" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
FAILURES=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1" >&2; FAILURES=$((FAILURES + 1)); }
check() { if eval "$2"; then pass "$1"; else fail "$1"; fi; }
screen() { "${TM[@]}" capture-pane -p -t edit; }
wait_for() {
  for _ in $(seq 200); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  return 1
}

DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
FILM=$(sqlite3 "$DB" "SELECT film_id FROM film ORDER BY title, film_id LIMIT 1")
BEFORE=$(sqlite3 "$DB" "SELECT rating FROM film WHERE film_id = $FILM")

"${TM[@]}" new-session -d -s edit -x 120 -y 40 \
  "cd '$PWD'; stty -g >'$WORK/before'; '$BIN' '$DB' --rules Rules/sakila.rules; echo \$? >'$WORK/rc'; stty -g >'$WORK/after'" \; \
  set-option -t edit remain-on-exit on >/dev/null 2>&1 </dev/null

check "shows the entity list" "wait_for 'Moviestars'"
"${TM[@]}" send-keys -t edit Down Down Enter
check "opens the film list" "wait_for 'Film (1,000)'"
"${TM[@]}" send-keys -t edit Enter
check "opens the first film" "wait_for 'Film Actors'"
"${TM[@]}" send-keys -t edit e
check "opens the editor with the rating picker" "wait_for 'PG-13   R'"
for _ in $(seq 10); do "${TM[@]}" send-keys -t edit Down; done
"${TM[@]}" send-keys -t edit N
sleep 0.2
"${TM[@]}" send-keys -t edit C-s
check "saves" "wait_for 'Saved Film'"
"${TM[@]}" send-keys -t edit q
for _ in $(seq 100); do [ -s "$WORK/rc" ] && [ -s "$WORK/after" ] && break; sleep 0.05; done

AFTER=$(sqlite3 "$DB" "SELECT rating FROM film WHERE film_id = $FILM")
check "the database holds the new rating (was $BEFORE, now $AFTER)" "[ '$AFTER' = 'NC-17' ]"
check "exit status 0" "[ \"\$(cat '$WORK/rc' 2>/dev/null)\" = 0 ]"
check "stty settings restored" "cmp -s '$WORK/before' '$WORK/after'"
check "alternate screen off" "[ \"\$(\"\${TM[@]}\" display -p -t edit '#{alternate_on}')\" = 0 ]"

[ "$FAILURES" -eq 0 ] || { echo "tmux-edit-e2e: $FAILURES check(s) failed" >&2; exit 1; }
echo "tmux-edit-e2e: all checks passed"

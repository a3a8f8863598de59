#!/usr/bin/env bash
# End-to-end test of the real d2t in tmux: opens the DVD Rental demo (built on first use
# in a private XDG_CACHE_HOME) at 120x40, checks the entity list, opens the Film list, types
# Down Enter Esc in one burst (back on the list), opens a film's inspector, the help overlay,
# the debug overlay (scrolled, with the rules that did not match), quits with q, and checks
# the terminal is restored (same `stty -g`, alternate screen off), then the same after SIGTERM,
# and that a hang-up (the terminal gone) ends it without a crash.
#
# Usage: scripts/tmux-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-e2e: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-e2e

# start NAME: runs d2t on the demo in a new 120x40 session whose pane stays after exit,
# with the demo cache in $WORK/cache. The tmux server must not inherit our output.
start() {
  local name=$1 dir="$WORK/$1"
  mkdir -p "$dir"
  "${TM[@]}" new-session -d -s "$name" -x 120 -y 40 \
    "cd /; stty -g >'$dir/before'; env XDG_CACHE_HOME='$WORK/cache' sh -c 'echo \$\$ >\"$dir/pid\"; exec \"$BIN\"'; echo \$? >'$dir/rc'; stty -g >'$dir/after'" \; \
    set-option -t "$name" remain-on-exit on >/dev/null 2>&1 </dev/null
}
start quit
d2t_tmux_remember_server
check "shows the entity list of the demo" "wait_for quit '╭─ Entities ' && wait_for quit 'Moviestars' && wait_for quit '1,000'" quit
check "built the demo in XDG_CACHE_HOME" "ls '$WORK'/cache/d2t/sakila-*.sqlite3 >/dev/null" quit
check "the alternate screen is on while it runs" "[ \"\$(\"\${TM[@]}\" display -p -t quit '#{alternate_on}')\" = 1 ]" quit
"${TM[@]}" send-keys -t quit Down Down Enter
check "Enter on Film opens the film list" "wait_for quit 'Film (1,000)' && wait_for quit 'AMBER ANCHOR'" quit
"${TM[@]}" send-keys -t quit Down Enter Escape
sleep 0.3
check "Esc in the same burst as Enter goes back to the list (the row's fetch is cancelled)" "wait_for quit 'row 2 of 1,000' && ! screen quit | grep -qF 'Film › AMBER ANTHEM'" quit
"${TM[@]}" send-keys -t quit Enter
check "Enter opens the second film's inspector" "wait_for quit 'DVD Rental › Film › AMBER ANTHEM' && wait_for quit 'Rental Rate'" quit
check "the inspector shows currency" "screen quit | grep -q 'Rental Rate *\\\$[0-9]*\\.[0-9][0-9]'" quit
"${TM[@]}" send-keys -t quit '?'
check "? opens the help" "wait_for quit 'Esc closes' && wait_for quit 'Inspector'" quit
"${TM[@]}" send-keys -t quit Escape
check "Esc closes the help" "wait_gone quit 'Esc closes'" quit
check "the inspector is still open after Esc closed the help" "screen quit | grep -qF 'DVD Rental › Film › AMBER ANTHEM'" quit
"${TM[@]}" send-keys -t quit F12
check "F12 opens the debug overlay at its first lines" "wait_for quit 'Debug (F12) 1–' && wait_for quit 'A customise…'" quit
"${TM[@]}" send-keys -t quit S-NPage
check "Shift-PgDn scrolls the debug overlay" "wait_gone quit 'Debug (F12) 1–'" quit
"${TM[@]}" send-keys -t quit M-u
check "Alt-U lists the rules that did not match" "wait_for quit 'failed:'" quit
"${TM[@]}" send-keys -t quit S-PPage
check "Shift-PgUp scrolls it back" "wait_for quit 'Debug (F12) 1–'" quit
"${TM[@]}" send-keys -t quit F12
check "F12 closes the debug overlay" "wait_gone quit 'Debug (F12)'" quit
sleep 0.1
"${TM[@]}" send-keys -t quit q
check "q quits" "wait_exit quit" quit
restored quit 0

start term
wait_for term 'Moviestars' || fail "term: first screen"
"${TM[@]}" send-keys -t term Enter
wait_for term 'Customer (599)' || fail "term: customer list"
kill -TERM "$(cat "$WORK/term/pid")"
check "stops on SIGTERM" "wait_exit term" term
restored term 143

# The terminal goes away (a closed SSH session or tab, a killed tmux): d2t ends without a
# crash, though the message it ends with has nowhere to go. The shell around it ignores the
# hang-up, to write down how d2t ended.
mkdir -p "$WORK/hup"
"${TM[@]}" new-session -d -s hup -x 120 -y 40 \
  "cd /; env XDG_CACHE_HOME='$WORK/cache' sh -c 'trap \"\" HUP; \"$BIN\"; echo \$? >\"$WORK/hup/rc\"'" \
  >/dev/null 2>&1 </dev/null
wait_for hup 'Moviestars' || fail "hup: first screen"
"${TM[@]}" send-keys -t hup Enter
wait_for hup 'Customer (599)' || fail "hup: customer list"
"${TM[@]}" kill-session -t hup
check "a hang-up ends d2t without a crash" \
  "for _ in \$(seq 100); do [ -s '$WORK/hup/rc' ] && break; sleep 0.05; done; [ \"\$(cat '$WORK/hup/rc')\" -le 129 ]"

d2t_tmux_finish

#!/usr/bin/env bash
# Smoke test of the real ncurses backend in tmux: runs d2t-termdemo in a private tmux
# server and checks that it draws, reads keys and the mouse wheel, follows a resize, takes
# a bracketed paste, honours NO_COLOR, and leaves the terminal restored (same `stty -g`,
# alternate screen off) after `q`, SIGTERM and Ctrl-C. It also checks that TERM=dumb and
# a non-tty stdin are refused with a clear message.
#
# Usage: scripts/tmux-smoke.sh [path/to/d2t-termdemo]   (default: .build/debug/d2t-termdemo)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t-termdemo}")
[ -x "$BIN" ] || { echo "tmux-smoke: $BIN not found; run: swift build --product d2t-termdemo" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-smoke: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-smoke

# start NAME [ENV…]: runs the demo (with extra environment settings) in a new session,
# its error output into a file (tmux may drop what a pane prints in its first moments).
# The tmux server must not inherit our output, or whoever reads it would wait for ever.
start() {
  local name=$1 dir="$WORK/$1"
  shift
  mkdir -p "$dir"
  "${TM[@]}" new-session -d -s "$name" -x 100 -y 30 \
    "cd '$PWD'; stty -g >'$dir/before'; env -u NO_COLOR -u COLORTERM $* sh -c 'echo \$\$ >\"$dir/pid\"; exec \"$BIN\" 2>\"$dir/stderr\"'; echo \$? >'$dir/rc'; stty -g >'$dir/after'" \
    >/dev/null 2>&1 </dev/null
}

start quit
d2t_tmux_remember_server
check "draws the first frame" "wait_for quit 'd2t terminal demo · 100x30'"
check "draws wide characters in place" "screen quit | grep -qF '│ 七人の侍                        │'"
check "uses colours" "\"\${TM[@]}\" capture-pane -p -e -t quit | grep -qF $'\e[38;5;'"
"${TM[@]}" send-keys -t quit j j Down
check "reads keys (j j Down)" "wait_for quit 'selected: AFFAIR PREJUDICE'"
# An X10 mouse report for a wheel turn down (button 64+1) at column 5, row 5.
"${TM[@]}" send-keys -t quit -l $'\e[Ma%%'
check "reads the mouse wheel" "wait_for quit 'selected: AFRICAN EGG'"
"${TM[@]}" resize-window -t quit -x 60 -y 15
check "follows a resize" "wait_for quit 'd2t terminal demo · 60x15'"
check "redraws the bottom border after resize" "screen quit | sed -n 14p | grep -q '^╰──'"
"${TM[@]}" send-keys -t quit / 日 本 x BSpace
check "edits text (wide characters, Backspace)" "wait_for quit 'Search: 日本'"
"${TM[@]}" set-buffer "pasted text"
"${TM[@]}" paste-buffer -p -t quit
check "takes a bracketed paste" "wait_for quit 'Search: 日本pasted text'"
# Escape and q go separately: sent together they are one Alt-q, as from a terminal.
"${TM[@]}" send-keys -t quit Escape
sleep 0.1
"${TM[@]}" send-keys -t quit q
check "quits on q" "wait_exit quit"
restored quit 0

start term
wait_for term 'd2t terminal demo' || fail "term: first frame"
kill -TERM "$(cat "$WORK/term/pid")"
check "stops on SIGTERM" "wait_exit term"
restored term 143

start nocolor NO_COLOR=1
check "NO_COLOR: draws" "wait_for nocolor 'd2t terminal demo'"
check "NO_COLOR: no colours, selection still reverse" "! \"\${TM[@]}\" capture-pane -p -e -t nocolor | grep -qF $'\e[38;5;' && \"\${TM[@]}\" capture-pane -p -e -t nocolor | grep -qF $'\e[7m'"
"${TM[@]}" send-keys -t nocolor q
wait_exit nocolor || fail "nocolor: quit"

start int
wait_for int 'd2t terminal demo' || fail "int: first frame"
"${TM[@]}" send-keys -t int C-c
check "stops on Ctrl-C" "wait_exit int"
restored int 130

start dumb TERM=dumb
check "refuses TERM=dumb with exit 2" "wait_exit dumb && [ \"\$(cat '$WORK/dumb/rc')\" = 2 ]"
check "explains why TERM=dumb is refused" "grep -qF 'd2t-termdemo: TERM=dumb cannot show a full-screen interface' '$WORK/dumb/stderr'"

out=$(TERM=dumb "$BIN" 2>&1 </dev/null >/dev/null; echo "rc=$?") || true
check "refuses a non-tty stdin with exit 2" "[[ \"\$out\" == *'stdin and stdout must be a tty'*'rc=2' ]]"

d2t_tmux_finish

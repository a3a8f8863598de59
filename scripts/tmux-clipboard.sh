#!/usr/bin/env bash
# Checks the clipboard copy of the ncurses backend in tmux: with `set-clipboard on`, the
# OSC 52 that d2t-termdemo sends (D2T_TERMDEMO_COPY) becomes tmux's newest paste buffer.
#
# Usage: scripts/tmux-clipboard.sh [path/to/d2t-termdemo]   (default: .build/debug/d2t-termdemo)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t-termdemo}")
[ -x "$BIN" ] || { echo "tmux-clipboard: $BIN not found" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-clipboard: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-clipboard
echo "set -g set-clipboard on" >>"$WORK/tmux.conf"
TEXT='copied: Zoë, 日本 🎬 "quoted"'
"${TM[@]}" new-session -d -s copy -x 100 -y 30 \
  "cd '$PWD'; env -u DISPLAY -u WAYLAND_DISPLAY D2T_TERMDEMO_COPY='$TEXT' '$BIN'" >/dev/null 2>&1 </dev/null
d2t_tmux_remember_server
check "draws the first frame" "wait_for copy 'd2t terminal demo'"
check "the copy is tmux's paste buffer" "[ \"\$(\"\${TM[@]}\" show-buffer)\" = \"\$TEXT\" ]"
"${TM[@]}" send-keys -t copy q
d2t_tmux_finish

#!/usr/bin/env bash
# End-to-end test of the connection picker (issue 27 item 7): with connections in
# config.toml, `d2t` alone starts on the picker; `?` lists its keys, `/` narrows the list to
# the connections holding the text typed, Esc clears that, and Enter opens the one chosen.
#
# Usage: scripts/tmux-picker-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-picker-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-picker-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-picker-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-picker-e2e
mkdir -p "$WORK/config/d2t" "$WORK/state"
sqlite3 "$WORK/shop.sqlite" "CREATE TABLE order_line (id INTEGER PRIMARY KEY, item TEXT)"
sqlite3 "$WORK/warehouse.sqlite" "CREATE TABLE storage_bin (id INTEGER PRIMARY KEY, shelf TEXT)"
cat >"$WORK/config/d2t/config.toml" <<TOML
[connections.shop]
url = "$WORK/shop.sqlite"

[connections.warehouse]
url = "$WORK/warehouse.sqlite"
TOML

mkdir -p "$WORK/p"
"${TM[@]}" new-session -d -s p -x 100 -y 20 \
  "cd '$PWD'; stty -g >'$WORK/p/before'; env XDG_CONFIG_HOME='$WORK/config' XDG_STATE_HOME='$WORK/state' \
    '$BIN'; echo \$? >'$WORK/p/rc'; stty -g >'$WORK/p/after'" </dev/null
d2t_tmux_remember_server
check "the picker lists the connections" "wait_for p 'warehouse  $WORK/warehouse.sqlite'" p
check "and the demo" "screen p | grep -qF 'DVD Rental demo'" p
check "its status bar names / and ?" "screen p | grep -qF '/ Filter' && screen p | grep -qF '? Help'" p
"${TM[@]}" send-keys -t p '?'
check "? lists the keys" "wait_for p 'Only connections holding the text typed'" p
"${TM[@]}" send-keys -t p Escape
check "any key closes the help" "wait_gone p 'Only connections holding the text typed'" p
"${TM[@]}" send-keys -t p / w a r e
check "/ narrows the list" "wait_for p 'Connections holding “ware”'" p
check "to the connections holding the text" "! screen p | grep -qF 'shop.sqlite'" p
"${TM[@]}" send-keys -t p Escape
check "Esc on the line clears it" "wait_for p 'shop  $WORK/shop.sqlite'" p
"${TM[@]}" send-keys -t p / z z z
check "a text nothing holds says so" "wait_for p 'No connection holds “zzz” (Esc clears)'" p
"${TM[@]}" send-keys -t p BSpace BSpace BSpace w a r e Enter
check "Enter keeps the filter" "wait_for p 'Connections holding “ware”'" p
"${TM[@]}" send-keys -t p Enter
check "Enter opens the chosen connection" "wait_for p 'StorageBin'" p
"${TM[@]}" send-keys -t p q
check "quits" "wait_exit p" p
restored p 0

d2t_tmux_finish

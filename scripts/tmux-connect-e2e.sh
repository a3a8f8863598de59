#!/usr/bin/env bash
# End-to-end test of connecting to a PostgreSQL server that does not answer: a helper
# process listens on a local TCP port and never replies, d2t is pointed at it in a private
# tmux server, and the screen must show "Connecting to 127.0.0.1:PORT/db…" with a
# spinner (never the password); Esc, then Ctrl-C in a second run, must end d2t at once
# with a clear message and the terminal restored.
#
# Usage: scripts/tmux-connect-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-connect-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-connect-e2e: tmux is not installed" >&2; exit 2; }
command -v python3 >/dev/null || { echo "tmux-connect-e2e: python3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-connect-e2e

# A server that accepts connections and never says a word.
python3 -c '
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
print(s.getsockname()[1], flush=True)
time.sleep(300)
' >"$WORK/port" &
SILENT_PID=$!
trap 'kill "$SILENT_PID" 2>/dev/null || true; d2t_tmux_cleanup' EXIT
for _ in $(seq 100); do [ -s "$WORK/port" ] && break; sleep 0.05; done
PORT=$(cat "$WORK/port")
# The pane with its history: the message may sit above the restored screen.
everything() { "${TM[@]}" capture-pane -p -S -200 -t "$1"; }
URL="postgresql://someone:hunter2secret@127.0.0.1:$PORT/silentdb"

for key in Escape C-c; do
  session=$(echo "$key" | tr -d '-' | tr 'A-Z' 'a-z')
  mkdir -p "$WORK/$session"
  "${TM[@]}" new-session -d -s "$session" -x 100 -y 30 \
    "cd '$PWD'; stty -g >'$WORK/$session/before'; '$BIN' '$URL'; echo \$? >'$WORK/$session/rc'; stty -g >'$WORK/$session/after'" \
    </dev/null
  d2t_tmux_remember_server
  check "$key: shows where it connects" "wait_for $session 'Connecting to 127.0.0.1:$PORT/silentdb'" "$session"
  check "$key: a spinner turns" "screen $session | grep -qE '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Connecting'" "$session"
  check "$key: never shows the password" "! screen $session | grep -qF hunter2secret" "$session"
  started=$(date +%s%N)
  "${TM[@]}" send-keys -t "$session" "$key"
  check "$key: gives up" "wait_exit $session" "$session"
  elapsed=$((($(date +%s%N) - started) / 1000000))
  check "$key: promptly (${elapsed} ms)" "[ $elapsed -lt 3000 ]"
  check "$key: says so" "everything $session | grep -qF 'd2t: gave up connecting to 127.0.0.1:$PORT/silentdb'" "$session"
  restored "$session" 1
done

d2t_tmux_finish

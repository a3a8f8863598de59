#!/usr/bin/env bash
# A long session's heap stays flat (issue 28 item 3), in a real terminal: d2t runs in a
# private tmux server on a 20,000-row SQLite table, following on, and is sent the keys of
# scripts/bench-session (moves, paging, rows opened and closed, searches, page changes) in
# bursts. The main heap's resident size (the `[heap]` mapping in /proc/PID/smaps) is taken
# after 1,000 keys, once what a session keeps is in, and again after 3,000 more; it may
# grow by at most 32 KB. Before the database worker's lanes ran on threads of their own,
# the heap grew about 100 KB per 1,000 keys: libdispatch kept the UI thread's blocks of
# finished jobs in its threads' caches, scattered among newer allocations.
#
# Usage: scripts/tmux-session-memory-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-session-memory-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-session-memory-e2e: tmux is not installed" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "tmux-session-memory-e2e: sqlite3 is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-session-memory-e2e
export XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config"

DB="$WORK/session.sqlite"
sqlite3 "$DB" "CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT NOT NULL, amount NUMERIC NOT NULL);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
  INSERT INTO big SELECT i, 'name ' || i, (i % 1000) / 10.0 FROM n;
  CREATE TABLE other (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
  INSERT INTO other SELECT id, 'label ' || id FROM big WHERE id <= 500;"

s=session
"${TM[@]}" new-session -d -s "$s" -x 200 -y 50 "echo \$\$ >'$WORK/pid'; exec '$BIN' '$DB'" </dev/null
d2t_tmux_remember_server
check "the entity list" "wait_for $s 'Big'" "$s"
pid=$(cat "$WORK/pid")
"${TM[@]}" send-keys -t "$s" Enter
check "the list of Big" "wait_for $s 'name 1 '" "$s"

# heap_kb: the resident kilobytes of the main heap.
heap_kb() {
  awk '/\[heap\]/ { in_heap = 1; next } /^[0-9a-f]+-/ { in_heap = 0 } in_heap && /^Rss:/ { print $2 }' \
    "/proc/$pid/smaps"
}

# keys N: N keys in bursts of one round each, the round of scripts/bench-session; every
# 200th burst goes back to the entity list and into the other table's list, or back.
round=(Down Down Down Down PageDown Down Up PageUp Enter Escape End Home / a Escape Down)
bursts=0
keys() {
  local sent=0
  while [ "$sent" -lt "$1" ]; do
    bursts=$((bursts + 1))
    if [ $((bursts % 20)) -eq 0 ]; then
      "${TM[@]}" send-keys -t "$s" Escape "$([ $((bursts % 40)) -eq 0 ] && echo Up || echo Down)" Enter
      sent=$((sent + 3))
    else
      "${TM[@]}" send-keys -t "$s" "${round[@]}"
      sent=$((sent + ${#round[@]}))
    fi
    sleep 0.05
  done
}

keys 1000
sleep 1
before=$(heap_kb)
keys 3000
sleep 1
after=$(heap_kb)
echo "main heap: $before KB resident after 1,000 keys, $after KB after 3,000 more"
check "the main heap grows by at most 32 KB over 3,000 keys ($before KB, then $after KB)" \
  "[ $((after - before)) -le 32 ]" "$s"
check "d2t still runs" "kill -0 $pid"

"${TM[@]}" send-keys -t "$s" Escape Escape q
d2t_tmux_finish

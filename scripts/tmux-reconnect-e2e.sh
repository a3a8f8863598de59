#!/usr/bin/env bash
# End-to-end test of a PostgreSQL restart mid-edit in a real terminal: runs d2t in a private
# tmux server on a PostgreSQL server of its own (127.0.0.1), opens a row's editor, stops the
# server (pg_ctl stop -m fast) while d2t is idle (the status bar says "reconnecting…" with no
# key pressed, the edit is kept), starts it again, waits for d2t to reconnect on its own, and
# saves with one Ctrl-S; then edits again, saves while the server is down (nothing was sent,
# so the save is sent again by itself once the server is back), quits, and checks the row in
# the database and that the terminal is restored.
#
# Usage: scripts/tmux-reconnect-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-reconnect-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-reconnect-e2e: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
. scripts/lib/postgres.sh
d2t_tmux_setup tmux-reconnect-e2e
chmod 755 "$WORK"
mkdir -p "$WORK/pg" "$WORK/edit" "$WORK/home"
trap 'd2t_pg_ctl "$WORK/pg" stop >/dev/null 2>&1 || true; d2t_tmux_cleanup' EXIT
PORT=$(d2t_pg_primary "$WORK/pg")
URL="postgresql://postgres:$d2t_pg_password@127.0.0.1:$PORT/postgres"
PSQL=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)/psql
"$PSQL" "$URL" -qc "CREATE TABLE note (id integer PRIMARY KEY, body text NOT NULL); INSERT INTO note VALUES (1, 'before')"

"${TM[@]}" new-session -d -s edit -x 120 -y 30 \
  "cd '$PWD'; stty -g >'$WORK/edit/before'; HOME='$WORK/home' XDG_STATE_HOME='$WORK/home' XDG_CONFIG_HOME='$WORK/home' '$BIN' '$URL'; echo \$? >'$WORK/edit/rc'; stty -g >'$WORK/edit/after'" \
  </dev/null
d2t_tmux_remember_server

check "shows the entity list" "wait_for edit 'Note'" edit
"${TM[@]}" send-keys -t edit Enter
check "opens the note list" "wait_for edit 'Note (1)'" edit
"${TM[@]}" send-keys -t edit e
check "opens the editor" "wait_for edit 'Edit before'" edit
"${TM[@]}" send-keys -t edit Down
sleep 0.2
"${TM[@]}" send-keys -t edit C-u
sleep 0.2
"${TM[@]}" send-keys -t edit -l "after restart"
check "edits the body" "wait_for edit 'after restart'" edit

d2t_pg_ctl "$WORK/pg" stop
check "an idle outage shows reconnecting… with no key pressed" "wait_for edit 'reconnecting…' 200" edit
check "the edit is kept" "screen edit | grep -qF 'after restart'" edit

d2t_pg_ctl "$WORK/pg" start
for _ in $(seq 3); do wait_for edit "Reconnected to" && break; done
check "reconnects on its own" "screen edit | grep -qF 'Reconnected to postgres@127.0.0.1:$PORT/postgres'" edit
check "the status bar no longer says reconnecting" "wait_gone edit 'reconnecting…'" edit
"${TM[@]}" send-keys -t edit C-s
check "one Ctrl-S saves once the server is back" "wait_for edit 'Saved Note'" edit
BODY=$("$PSQL" "$URL" -Atc "SELECT body FROM note WHERE id = 1")
check "the database holds the edit (now '$BODY')" "[ '$BODY' = 'after restart' ]"

"${TM[@]}" send-keys -t edit e
check "opens the editor again" "wait_for edit 'Edit after restart'" edit
"${TM[@]}" send-keys -t edit Down
sleep 0.2
"${TM[@]}" send-keys -t edit C-u
sleep 0.2
"${TM[@]}" send-keys -t edit -l "saved by itself"
check "edits the body again" "wait_for edit 'saved by itself'" edit
d2t_pg_ctl "$WORK/pg" stop
"${TM[@]}" send-keys -t edit C-s
check "a save while the server is down waits for it" "wait_for edit 'Not saved yet'" edit
check "the status bar says reconnecting…" "wait_for edit 'reconnecting…'" edit
d2t_pg_ctl "$WORK/pg" start
for _ in $(seq 3); do wait_for edit "Saved Note" && break; done
check "the save is sent again by itself once the server is back" "screen edit | grep -qF 'Saved Note'" edit
"${TM[@]}" send-keys -t edit q
check "quits on q" "wait_exit edit"

BODY=$("$PSQL" "$URL" -Atc "SELECT body FROM note WHERE id = 1")
check "the database holds the second edit (now '$BODY')" "[ '$BODY' = 'saved by itself' ]"
restored edit 0

d2t_tmux_finish

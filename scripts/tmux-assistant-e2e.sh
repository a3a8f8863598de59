#!/usr/bin/env bash
# End-to-end test of the assistant in a real terminal: on a fresh demo database with a
# copy of Rules/sakila.rules, hides the customers' First Name column and relabels Last Name
# "Surname" with `A`, quits, checks the rule file (the file's own rule for the list's
# columns edited in place, the rest kept, the label in the assistant's section), starts d2t
# again and sees both changes.
#
# Usage: scripts/tmux-assistant-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-assistant-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-assistant-e2e: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-assistant-e2e

DB="$WORK/demo.sqlite3"
RULES="$WORK/my.rules"
"$BIN" sakila create "$DB" >/dev/null 2>&1
cp Rules/sakila.rules "$RULES"
export XDG_CONFIG_HOME="$WORK/config"

start() {
  mkdir -p "$WORK/$1"
  "${TM[@]}" new-session -d -s "$1" -x 120 -y 40 \
    "stty -g >'$WORK/$1/before'; XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$BIN' '$DB' --rules '$RULES'; echo \$? >'$WORK/$1/rc'; stty -g >'$WORK/$1/after'" \
    </dev/null
}

start first
d2t_tmux_remember_server
check "shows the entity list" "wait_for first 'Moviestars'" first
"${TM[@]}" send-keys -t first Enter
check "opens the customer list" "wait_for first 'First Name Last Name'" first
"${TM[@]}" send-keys -t first A
check "A opens the assistant on First Name" "wait_for first 'Assistant: Customer · firstName'" first
"${TM[@]}" send-keys -t first Enter
check "asks how widely, showing the rule" "wait_for first '1 Customer in list (default)'" first
"${TM[@]}" send-keys -t first Enter
check "writes the rule and hides the column at once" "wait_for first 'Changed my.rules:16'" first
check "the list has no First Name" "! screen first | grep -q 'First Name Last Name'" first
# Escape alone (a key right after it would read as Alt-key), then the label option.
"${TM[@]}" send-keys -t first Escape
check "Esc closes the assistant" "wait_gone first 'Assistant:'" first
"${TM[@]}" send-keys -t first A Down Down Down Down Enter C-u
check "the label field" "wait_for first 'Label (now'" first
"${TM[@]}" send-keys -t first -l Surname
"${TM[@]}" send-keys -t first Enter
check "asks how widely" "wait_for first 'Label: apply to'" first
"${TM[@]}" send-keys -t first Enter
check "relabels Last Name" "wait_for first 'Wrote my.rules:55'" first
"${TM[@]}" send-keys -t first Escape
check "Esc closes the assistant" "wait_gone first 'Assistant:'" first
"${TM[@]}" send-keys -t first q
check "quits on q" "wait_exit first"
restored first 0

check "the file keeps its old text but the rule it edited" \
  "head -n $(wc -l <Rules/sakila.rules) '$RULES' | sed 16d | cmp -s - <(sed 16d Rules/sakila.rules)"
check "the file has the assistant's section" \
  "tail -n 2 '$RULES' | head -n 1 | grep -qxF '# ── rules written by the d2t assistant ──'"
check "with the hidden column" "grep -qF \"task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= ('lastName', 'address.phone')\" '$RULES'"
check "and the label" "grep -qF \"propertyKey = 'lastName' => displayNameForProperty <= 'Surname'\" '$RULES'"
check "d2t rules check passes it" "'$BIN' rules check '$RULES' --database '$DB' | grep -qF '0 errors, 0 warnings'"

start second
check "restarted" "wait_for second 'Moviestars'" second
"${TM[@]}" send-keys -t second Enter
check "after a restart the list shows Surname and Phone only" "wait_for second 'Surname      Phone'" second
check "and still no First Name" "! screen second | grep -q 'First Name'" second
"${TM[@]}" send-keys -t second q
check "quits" "wait_exit second"
restored second 0

d2t_tmux_finish

#!/usr/bin/env bash
# End-to-end test of the app core in a real terminal (tmux):
#  - the to-one chooser on SQLite, and on PostgreSQL when D2T_TEST_POSTGRES_URL names a
#    server: change a film's language on the select page, create a new film choosing its
#    mandatory language, check the rows in the database;
#  - ASCII borders and markers when the locale is not UTF-8;
#  - a key burst on a 1,000,000-row SQLite table: `G g j j j` typed at once ends on row 4,
#    the status bar and the header say so, Enter opens item 4; 20 PageDowns typed at once
#    move exactly 20 pages.
#
# Usage: scripts/tmux-chooser-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-chooser-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
for tool in tmux sqlite3; do
  command -v $tool >/dev/null || { echo "tmux-chooser-e2e: $tool is not installed" >&2; exit 2; }
done

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-chooser-e2e

# start SESSION ARGS…: d2t in a 120×40 pane, recording stty and the exit status.
start() {
  local session=$1
  shift
  mkdir -p "$WORK/$session"
  local args=""
  for arg in "$@"; do args+=" '$arg'"; done
  "${TM[@]}" new-session -d -s "$session" -x 120 -y 40 \
    "cd '$PWD'; stty -g >'$WORK/$session/before'; '$BIN'$args; echo \$? >'$WORK/$session/rc'; stty -g >'$WORK/$session/after'" \
    </dev/null
  d2t_tmux_remember_server
}

# chooser SESSION DATABASE QUERY: the chooser flows; QUERY runs SQL on DATABASE.
chooser() {
  local s=$1 db=$2 query=$3
  start "$s" "$db" --rules Rules/sakila.rules
  check "$s: shows the entity list" "wait_for $s 'Moviestars'" "$s"
  "${TM[@]}" send-keys -t "$s" Down Down Enter
  check "$s: opens the film list" "wait_for $s 'Film (1,000)'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: opens the first film" "wait_for $s 'Film Actors'" "$s"
  "${TM[@]}" send-keys -t "$s" e
  check "$s: opens the editor" "wait_for $s 'PG-13   R'" "$s"
  "${TM[@]}" send-keys -t "$s" Down Down Down Down Enter
  check "$s: Enter on Language opens the languages" "wait_for $s 'Choose Language (6)'" "$s"
  check "$s: the chooser lists languages, not the form" "screen $s | grep -q '│Japanese'" "$s"
  "${TM[@]}" send-keys -t "$s" / G e r m Enter
  check "$s: search in the chooser" "wait_for $s 'search: Germ'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter
  check "$s: the field shows the choice" "wait_for $s 'German  ⏎ choose'" "$s"
  "${TM[@]}" send-keys -t "$s" C-s
  check "$s: saves" "wait_for $s 'Saved Film'" "$s"
  local film
  film=$($query "SELECT trim(l.name) FROM film f JOIN language l ON l.language_id = f.language_id ORDER BY f.title, f.film_id LIMIT 1")
  check "$s: the first film's language is German (got '$film')" "[ '$film' = 'German' ]"
  "${TM[@]}" send-keys -t "$s" n
  check "$s: new film editor" "wait_for $s 'New Film'" "$s"
  "${TM[@]}" send-keys -t "$s" Down C H O S E N Down Down Down Enter
  check "$s: chooser for the new film" "wait_for $s 'Choose Language (6)'" "$s"
  "${TM[@]}" send-keys -t "$s" / I t a l Enter
  check "$s: search" "wait_for $s 'search: Ital'" "$s"
  "${TM[@]}" send-keys -t "$s" Enter C-s
  check "$s: creates the film" "wait_for $s 'Saved new Film “CHOSEN”'" "$s"
  local created
  created=$($query "SELECT trim(l.name) FROM film f JOIN language l ON l.language_id = f.language_id WHERE f.title = 'CHOSEN'")
  check "$s: the new film's language is Italian (got '$created')" "[ '$created' = 'Italian' ]"
  "${TM[@]}" send-keys -t "$s" q
  check "$s: quits on q" "wait_exit $s"
  restored "$s" 0
}

DB="$WORK/demo.sqlite3"
"$BIN" sakila create "$DB" >/dev/null 2>&1
sqlite_query() { sqlite3 "$DB" "$1"; }
chooser sqlite "$DB" sqlite_query

if [ -n "${D2T_TEST_POSTGRES_URL:-}" ]; then
  command -v psql >/dev/null || { echo "tmux-chooser-e2e: psql is not installed" >&2; exit 2; }
  NAME="d2t_chooser_$$"
  psql -q -d "$D2T_TEST_POSTGRES_URL" -c "CREATE DATABASE $NAME" >/dev/null
  PGDB="${D2T_TEST_POSTGRES_URL%/*}/$NAME"
  trap 'psql -q -d "$D2T_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null 2>&1; d2t_tmux_cleanup' EXIT
  "$BIN" sakila load "$PGDB" >/dev/null 2>&1
  pg_query() { psql -qAt -d "$PGDB" -c "$1"; }
  chooser postgres "$PGDB" pg_query

  # config.toml names the connection: d2t starts on the picker, and the connection opens
  # with its own rules and theme; it is then remembered as recent.
  mkdir -p "$WORK/xdg/d2t" "$WORK/picker"
  printf 'visibleEntityNames <= (Language, Film)\nentity.name = %s => displayNameForEntity <= %s\n' \
    "'Language'" "'Tongues'" >"$WORK/xdg/shop.rules"
  printf '[connections.shop]\nurl = "%s"\nrules = ["%s"]\ntheme = "terminal"\n' "$PGDB" "$WORK/xdg/shop.rules" \
    >"$WORK/xdg/d2t/config.toml"
  "${TM[@]}" new-session -d -s picker -x 120 -y 30 \
    "cd '$PWD'; stty -g >'$WORK/picker/before'; env XDG_CONFIG_HOME='$WORK/xdg' XDG_STATE_HOME='$WORK/state' '$BIN'; echo \$? >'$WORK/picker/rc'; stty -g >'$WORK/picker/after'" \
    </dev/null
  check "picker: starts on the connection picker" "wait_for picker 'choose a connection'" picker
  check "picker: lists the named connection without its password" "screen picker | grep -q 'shop  postgresql://postgres@'" picker
  check "picker: and the demo" "screen picker | grep -q 'DVD Rental demo'" picker
  "${TM[@]}" send-keys -t picker Enter
  check "picker: opens the connection with its rules" "wait_for picker 'Tongues'" picker
  check "picker: the breadcrumb names where it connected" "screen picker | head -1 | grep -q '/$NAME'" picker
  "${TM[@]}" send-keys -t picker q
  check "picker: quits" "wait_exit picker"
  restored picker 0
  check "picker: remembered as recent" "grep -qx shop '$WORK/state/d2t/recent'"
elif [ "${CI:-}" = true ]; then
  fail "D2T_TEST_POSTGRES_URL is not set: CI runs the PostgreSQL chooser"
fi

BIG="$WORK/big.sqlite3"
sqlite3 "$BIG" "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
  INSERT INTO item SELECT i, 'item ' || i FROM n;"
start burst "$BIG"
check "burst: entity list" "wait_for burst '1,000,000'" burst
"${TM[@]}" send-keys -t burst Enter
check "burst: the list opens" "wait_for burst 'row 1 of 1,000,000'" burst
"${TM[@]}" send-keys -t burst G g j j j
check "burst: G g j j j ends on row 4" "wait_for burst 'row 4 of 1,000,000'" burst
check "burst: the header agrees" "screen burst | grep -q '4/1,000,000'" burst
"${TM[@]}" send-keys -t burst Enter
check "burst: Enter opens item 4" "wait_for burst 'Item › item 4'" burst
"${TM[@]}" send-keys -t burst Escape
check "burst: back on the list" "wait_gone burst 'Item › item 4'" burst
# 35 rows a page at 120×40: 20 PageDowns typed at once from row 4 end on row 704.
"${TM[@]}" send-keys -t burst PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown \
  PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown PageDown
check "burst: 20 PageDowns move 20 pages" "wait_for burst 'row 704 of 1,000,000'" burst
"${TM[@]}" send-keys -t burst Enter
check "burst: Enter opens the row shown" "wait_for burst 'Item › item 704'" burst
"${TM[@]}" send-keys -t burst q
check "burst: quits" "wait_exit burst"
restored burst 0

# y copies the focused value through OSC 52: with set-clipboard on, tmux keeps it as a buffer.
"${TM[@]}" set-option -g set-clipboard on
mkdir -p "$WORK/copy"
"${TM[@]}" new-session -d -s copy -x 120 -y 30 \
  "cd '$PWD'; stty -g >'$WORK/copy/before'; '$BIN' '$DB' --rules Rules/sakila.rules; echo \$? >'$WORK/copy/rc'; stty -g >'$WORK/copy/after'" \
  </dev/null
check "copy: the customer list" "wait_for copy 'Moviestars'" copy
"${TM[@]}" send-keys -t copy Enter
check "copy: opens" "wait_for copy 'row 1 of 599'" copy
"${TM[@]}" send-keys -t copy ']' y
check "copy: the banner says what was copied" "wait_for copy 'Copied “VANCE”'" copy
check "copy: tmux's buffer holds the value (got '\$(\"\${TM[@]}\" show-buffer 2>/dev/null)')" "[ \"\$(\"\${TM[@]}\" show-buffer 2>/dev/null)\" = VANCE ]"
"${TM[@]}" send-keys -t copy q
check "copy: quits" "wait_exit copy"
restored copy 0

# ascii_session NAME DATABASE: d2t under LANG=C in a session of its own.
ascii_session() {
  mkdir -p "$WORK/$1"
  "${TM[@]}" new-session -d -s "$1" -x 100 -y 20 \
    "cd '$PWD'; stty -g >'$WORK/$1/before'; env LANG=C LC_ALL=C LC_CTYPE=C '$BIN' '$2'; echo \$? >'$WORK/$1/rc'; stty -g >'$WORK/$1/after'" \
    </dev/null
}

# A terminal whose locale is not UTF-8 gets ASCII borders and markers.
ascii_session ascii "$DB"
check "ascii: borders in ASCII under LANG=C" "wait_for ascii '+- Entities -'" ascii
check "ascii: no box-drawing character on screen" "! screen ascii | grep -q '[│─╭╮╰╯▌]'" ascii
"${TM[@]}" send-keys -t ascii q
check "ascii: quits" "wait_exit ascii"
restored ascii 0
# A double-width character is two stand-ins: its second column neither stays blank nor
# keeps what an earlier frame had there (the entity list's names were under the rows).
WIDE="$WORK/wide.sqlite3"
sqlite3 "$WIDE" "CREATE TABLE word (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  INSERT INTO word VALUES (1, '中文x'), (2, 'abcdefgh');"
ascii_session wide "$WIDE"
check "ascii: the table listed" "wait_for wide 'Word'" wide
"${TM[@]}" send-keys -t wide Enter
check "ascii: a double-width character takes two stand-ins" "wait_for wide '????x'" wide
"${TM[@]}" send-keys -t wide q
check "ascii: quits from the rows" "wait_exit wide"
restored wide 0

d2t_tmux_finish

#!/usr/bin/env bash
# End-to-end test of asking for a password (issue 27 item 3), on the PostgreSQL and
# MariaDB test servers (D2T_TEST_POSTGRES_URL, D2T_TEST_MARIADB_URL): d2t is given each
# server's URL without its password, with no other source of one (an empty HOME, no
# ~/.pgpass, ~/.my.cnf, PGPASSWORD or MYSQL_PWD). It must ask "Password for …" without
# echo, say why a wrong password was refused and ask again, open the database with the
# right one, and never show either password. A named connection with `password_command`
# opens without asking.
#
# Usage: scripts/tmux-password-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-password-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-password-e2e: tmux is not installed" >&2; exit 2; }
[ -n "${D2T_TEST_POSTGRES_URL:-}" ] || { echo "tmux-password-e2e: D2T_TEST_POSTGRES_URL is not set" >&2; exit 2; }
[ -n "${D2T_TEST_MARIADB_URL:-}" ] || { echo "tmux-password-e2e: D2T_TEST_MARIADB_URL is not set" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-password-e2e
mkdir -p "$WORK/home/.config/d2t"

# scheme://user:password@rest → the password, and the URL without it.
password_of() { python3 -c 'import sys, urllib.parse as u; print(u.unquote(u.urlsplit(sys.argv[1]).password))' "$1"; }
without_password() {
  python3 -c '
import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1])
host = p.hostname + (":%d" % p.port if p.port else "")
print(u.urlunsplit((p.scheme, "%s@%s" % (p.username, host), p.path, "", "")))' "$1"
}
run_d2t() { # SESSION ARGS…: d2t in a clean environment, its exit status and stty kept
  local session=$1
  shift
  mkdir -p "$WORK/$session"
  "${TM[@]}" new-session -d -s "$session" -x 110 -y 30 \
    "cd '$PWD'; stty -g >'$WORK/$session/before'; env -i HOME='$WORK/home' PATH=/usr/bin:/bin TERM=xterm-256color \
      LANG=C.UTF-8 PGPASSFILE=/dev/null XDG_CONFIG_HOME='$WORK/home/.config' XDG_STATE_HOME='$WORK/home/.state' \
      '$BIN' $*; echo \$? >'$WORK/$session/rc'; stty -g >'$WORK/$session/after'" </dev/null
  d2t_tmux_remember_server
}

for engine in postgres mariadb; do
  if [ $engine = postgres ]; then server=$D2T_TEST_POSTGRES_URL; refused="password authentication failed"; else
    server=$D2T_TEST_MARIADB_URL; refused="Access denied"; fi
  secret=$(password_of "$server")
  url=$(without_password "$server")
  run_d2t "$engine" "'$url'"
  check "$engine: asks for the password" "wait_for $engine 'Password for'" "$engine"
  check "$engine: says it is not shown" "screen $engine | grep -qF 'what you type is not shown'" "$engine"
  "${TM[@]}" send-keys -t "$engine" -l "wrong-guess"
  "${TM[@]}" send-keys -t "$engine" Enter
  check "$engine: says why a wrong one was refused" "wait_for $engine '$refused'" "$engine"
  check "$engine: asks again" "screen $engine | grep -qF 'Password for'" "$engine"
  check "$engine: never shows the wrong one" "! screen $engine | grep -qF wrong-guess" "$engine"
  "${TM[@]}" send-keys -t "$engine" -l "$secret"
  check "$engine: typing is not echoed" "! screen $engine | grep -qF -- '$secret'" "$engine"
  # A key sent with the password's Enter, in one burst, is the app's: ? opens its help.
  "${TM[@]}" send-keys -t "$engine" Enter '?'
  check "$engine: opens the database" "wait_for $engine 'Entities'" "$engine"
  check "$engine: a key typed with the Enter reaches the app" "wait_for $engine 'Help ·'" "$engine"
  check "$engine: never shows the password" "! screen $engine | grep -qF -- '$secret'" "$engine"
  "${TM[@]}" send-keys -t "$engine" Escape
  sleep 0.2
  "${TM[@]}" send-keys -t "$engine" q
  check "$engine: quits" "wait_exit $engine" "$engine"
  restored "$engine" 0

  # password_command: the named connection opens without asking.
  cat >"$WORK/home/.config/d2t/config.toml" <<TOML
[connections.named]
url = "$url"
password_command = "printf '%s\\\\n' '$secret'"
TOML
  run_d2t "${engine}cmd" named
  check "$engine: password_command opens without asking" "wait_for ${engine}cmd 'Entities'" "${engine}cmd"
  check "$engine: password_command: no prompt" "! screen ${engine}cmd | grep -qF 'Password for'" "${engine}cmd"
  "${TM[@]}" send-keys -t "${engine}cmd" q
  check "$engine: password_command: quits" "wait_exit ${engine}cmd" "${engine}cmd"
done

d2t_tmux_finish

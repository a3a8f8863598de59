# Shared helpers of the tmux end-to-end scripts (tmux-smoke.sh, tmux-e2e.sh,
# tmux-edit-e2e.sh): a private tmux server, polling the screen, checks and a summary.
#
#   . scripts/lib/tmux.sh
#   d2t_tmux_setup NAME        # WORK (temporary folder), TM (tmux on a private socket)
#   check "label" "shell test" [SESSION]   # prints ok/FAIL; on failure the session's screen
#   d2t_tmux_finish            # "NAME: all checks passed", or exit 1

d2t_tmux_setup() {
  D2T_TMUX_NAME=$1
  WORK=$(mktemp -d)
  # Panes stay after their program exits (set before any pane exists: a fast exit must not
  # win the race against a per-session setting).
  echo "set -g remain-on-exit on" >"$WORK/tmux.conf"
  TM=(tmux -L "d2t-$1-$$" -f "$WORK/tmux.conf")
  SERVER_PID=""
  FAILURES=0
  trap d2t_tmux_cleanup EXIT
}

# kill-server, then the server's pid in case it ignores SIGTERM (a signal mask inherited
# from a test runner), then the temporary folder.
d2t_tmux_cleanup() {
  "${TM[@]}" kill-server 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill -KILL "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}

# Call once a session exists, so cleanup can kill the server for sure.
d2t_tmux_remember_server() {
  SERVER_PID=$("${TM[@]}" display -p '#{pid}' 2>/dev/null || true)
}

pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1" >&2; FAILURES=$((FAILURES + 1)); }
screen() { "${TM[@]}" capture-pane -p -t "$1"; }

# wait_for SESSION TEXT [POLLS]: polls the screen for TEXT every 50 ms (200 polls: up to 10 s).
wait_for() {
  for _ in $(seq "${3:-200}"); do
    screen "$1" | grep -qF -- "$2" && return 0
    sleep 0.05
  done
  return 1
}

# wait_gone SESSION TEXT: polls until TEXT is no longer on the screen (up to 5 s).
wait_gone() {
  for _ in $(seq 100); do
    screen "$1" | grep -qF -- "$2" || return 0
    sleep 0.05
  done
  return 1
}

# wait_exit SESSION: waits for $WORK/SESSION/rc and .../after, written when the program ends.
wait_exit() {
  for _ in $(seq 100); do
    [ -s "$WORK/$1/rc" ] && [ -s "$WORK/$1/after" ] && return 0
    sleep 0.05
  done
  return 1
}

check() {
  if eval "$2"; then
    pass "$1"
  else
    fail "$1"
    if [ -n "${3:-}" ]; then
      echo "--- screen:" >&2
      screen "$3" >&2 || true
    fi
  fi
}

# restored SESSION STATUS: exit status, `stty -g` before and after, alternate screen off.
restored() {
  local dir="$WORK/$1"
  check "$1: exit status $2" "[ \"\$(cat '$dir/rc' 2>/dev/null)\" = '$2' ]" "$1"
  check "$1: stty settings restored" "cmp -s '$dir/before' '$dir/after'" "$1"
  check "$1: alternate screen off" "[ \"\$(\"\${TM[@]}\" display -p -t '$1' '#{alternate_on}')\" = 0 ]" "$1"
}

d2t_tmux_finish() {
  if [ "$FAILURES" -gt 0 ]; then
    echo "$D2T_TMUX_NAME: $FAILURES check(s) failed" >&2
    exit 1
  fi
  echo "$D2T_TMUX_NAME: all checks passed"
}

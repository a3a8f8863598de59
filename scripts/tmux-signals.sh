#!/usr/bin/env bash
# Signals in tmux: the real ncurses backend (d2t-termdemo) receives every signal that can
# reach an interactive program, and the terminal must come back each time: same `stty -g`,
# alternate screen off, cursor visible, nothing printed over the screen.
#   - SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT, SIGXCPU, SIGXFSZ and the real-time
#     signals (SIGRTMIN…SIGRTMAX; like SIGINT/TERM/HUP) end the program
#     cleanly with 128 + the signal;
#   - SIGUSR1, SIGUSR2, SIGPIPE, SIGIO, SIGPWR are ignored: the program keeps running;
#   - crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) restore the terminal,
#     then end with the signal's default action at once (no 30 s backtracer wait);
#   - Ctrl-Z (SIGTSTP) suspends with the screen left and the cursor shown, `fg` redraws.
#
# Usage: scripts/tmux-signals.sh [path/to/d2t-termdemo]   (default: .build/debug/d2t-termdemo)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t-termdemo}")
[ -x "$BIN" ] || { echo "tmux-signals: $BIN not found; run: swift build --product d2t-termdemo" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux-signals: tmux is not installed" >&2; exit 2; }

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-signals

start() {
  local name=$1 dir="$WORK/$1"
  mkdir -p "$dir"
  "${TM[@]}" new-session -d -s "$name" -x 100 -y 30 \
    "cd '$PWD'; stty -g >'$dir/before'; sh -c 'echo \$\$ >\"$dir/pid\"; exec \"$BIN\" 2>\"$dir/stderr\"'; echo \$? >'$dir/rc'; stty -g >'$dir/after'; exec sleep 60" \
    >/dev/null 2>&1 </dev/null
  d2t_tmux_remember_server
  wait_for "$name" 'd2t terminal demo' || fail "$name: first frame"
}

# cursor_visible SESSION: tmux's cursor flag is on (polled: tmux may still be reading the
# program's last output when the exit status is written). The pane stays alive after the
# program (`sleep`): tmux hides the cursor of a dead pane when it writes "Pane is dead".
cursor_visible() {
  check "$1: cursor visible" "for _ in \$(seq 40); do [ \"\$(\"\${TM[@]}\" display -p -t '$1' '#{cursor_flag}')\" = 1 ] && break; sleep 0.05; done; [ \"\$(\"\${TM[@]}\" display -p -t '$1' '#{cursor_flag}')\" = 1 ]" "$1"
}

for sig in QUIT ALRM VTALRM PROF STKFLT XCPU XFSZ RTMIN RTMAX; do
  name=$(echo "$sig" | tr 'A-Z' 'a-z')
  start "$name"
  kill -"$sig" "$(cat "$WORK/$name/pid")"
  check "$name: SIG$sig ends the program" "wait_exit $name"
  restored "$name" "$((128 + $(kill -l "$sig")))"
  cursor_visible "$name"
  check "$name: nothing printed over the screen" "[ ! -s '$WORK/$name/stderr' ]" "$name"
done

start ignored
for sig in USR1 USR2 PIPE IO PWR; do
  kill -"$sig" "$(cat "$WORK/ignored/pid")"
done
sleep 0.3
check "SIGUSR1/USR2/PIPE/IO/PWR are ignored: still running" "kill -0 \"\$(cat '$WORK/ignored/pid')\" && screen ignored | grep -qF 'd2t terminal demo'" ignored
"${TM[@]}" send-keys -t ignored j
check "still reads keys after them" "wait_for ignored 'selected: ACE GOLDFINGER'" ignored
"${TM[@]}" send-keys -t ignored q
check "ignored: quits on q" "wait_exit ignored"
restored ignored 0

for sig in SEGV BUS ILL FPE ABRT TRAP; do
  name=crash-$(echo "$sig" | tr 'A-Z' 'a-z')
  start "$name"
  kill -"$sig" "$(cat "$WORK/$name/pid")"
  check "$name: SIG$sig ends the program at once" "wait_exit $name"
  restored "$name" "$((128 + $(kill -l "$sig")))"
  cursor_visible "$name"
  check "$name: says the terminal was restored, no backtrace" "grep -qF 'd2t crashed; the terminal was restored' '$WORK/$name/stderr' && ! grep -qi 'backtrace\|Thread 0' '$WORK/$name/stderr'" "$name"
done

# Ctrl-Z under a job-control shell: suspended with the terminal back, `fg` redraws.
mkdir -p "$WORK/tstp"
"${TM[@]}" new-session -d -s tstp -x 100 -y 30 "env PS1='prompt> ' bash --norc --noprofile -i" >/dev/null 2>&1 </dev/null
wait_for tstp 'prompt>' || fail "tstp: shell prompt"
"${TM[@]}" send-keys -t tstp "'$BIN'" Enter
wait_for tstp 'd2t terminal demo' || fail "tstp: first frame"
"${TM[@]}" send-keys -t tstp j
wait_for tstp 'selected: ACE GOLDFINGER' || fail "tstp: reads keys"
"${TM[@]}" send-keys -t tstp C-z
check "Ctrl-Z suspends back to the shell" "wait_for tstp 'Stopped'" tstp
check "tstp: alternate screen off while suspended" "[ \"\$(\"\${TM[@]}\" display -p -t tstp '#{alternate_on}')\" = 0 ]" tstp
cursor_visible tstp
"${TM[@]}" send-keys -t tstp "stty -a >'$WORK/tstp/stty'" Enter
sleep 0.2
check "tstp: echo and canonical mode on while suspended" "grep -qE '(^| )icanon( |$)' '$WORK/tstp/stty' && grep -qE '(^| )echo( |$)' '$WORK/tstp/stty'" tstp
# fg's status is the program's when it ends (a list after the program itself would run
# at once when the program is stopped).
"${TM[@]}" send-keys -t tstp "fg; echo rc=\$? >'$WORK/tstp/rc'" Enter
check "fg redraws the program" "wait_for tstp 'selected: ACE GOLDFINGER' && [ \"\$(\"\${TM[@]}\" display -p -t tstp '#{alternate_on}')\" = 1 ]" tstp
"${TM[@]}" send-keys -t tstp j
check "tstp: reads keys after fg" "wait_for tstp 'selected: ADAPTATION HOLES'" tstp
"${TM[@]}" send-keys -t tstp q
check "tstp: quits on q with status 0" "for _ in \$(seq 100); do [ -s '$WORK/tstp/rc' ] && break; sleep 0.05; done; grep -qx 'rc=0' '$WORK/tstp/rc'" tstp
check "tstp: alternate screen off after q" "[ \"\$(\"\${TM[@]}\" display -p -t tstp '#{alternate_on}')\" = 0 ]" tstp
cursor_visible tstp

d2t_tmux_finish

#!/usr/bin/env bash
# End-to-end test of shell completion (issue 27 item 1): bash, zsh and fish, each in a real
# terminal with the script `d2t completion SHELL` prints, complete the top-level command's
# options (`d2t --th` → `--theme`), connection names from config.toml (`d2t li` →
# `library`), theme names (`d2t --theme hi` → `high-contrast`), option values (`d2t export
# x y --format js` → `jsonl`, `--theme=hi` → `--theme=high-contrast`) and paths in any
# folder (`d2t open some/dir/ch` → `some/dir/chinook.db`, `odd\ dir/m` → `odd\ dir/my\ file.sqlite`).
#
# Usage: scripts/tmux-completion-e2e.sh [path/to/d2t]   (default: .build/debug/d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/debug/d2t}")
[ -x "$BIN" ] || { echo "tmux-completion-e2e: $BIN not found; run: swift build --product d2t" >&2; exit 2; }
for tool in tmux zsh fish; do
  command -v "$tool" >/dev/null || { echo "tmux-completion-e2e: $tool is not installed" >&2; exit 2; }
done

. scripts/lib/tmux.sh
d2t_tmux_setup tmux-completion-e2e
mkdir -p "$WORK/bin" "$WORK/home" "$WORK/config/d2t" "$WORK/cwd/some/dir" "$WORK/zfunc"
ln -s "$BIN" "$WORK/bin/d2t"
: >"$WORK/cwd/some/dir/chinook.db"
mkdir -p "$WORK/cwd/odd dir"
: >"$WORK/cwd/odd dir/my file.sqlite"
cat >"$WORK/config/d2t/config.toml" <<TOML
[connections.library]
url = "$WORK/cwd/some/dir/chinook.db"
TOML
"$BIN" completion bash >"$WORK/d2t.bash"
"$BIN" completion zsh >"$WORK/zfunc/_d2t"
"$BIN" completion fish >"$WORK/d2t.fish"
cat >"$WORK/home/.zshrc" <<ZSH
fpath=('$WORK/zfunc' \$fpath)
autoload -U compinit && compinit -u -d '$WORK/zcompdump'
PROMPT='$ '
ZSH

environment="env -i HOME='$WORK/home' PATH='$WORK/bin:/usr/bin:/bin' TERM=xterm-256color LANG=C.UTF-8 \
  XDG_CONFIG_HOME='$WORK/config' XDG_STATE_HOME='$WORK/state' XDG_DATA_HOME='$WORK/data' ZDOTDIR='$WORK/home'"
# bash -i runs no script given on its command line: the completion is sourced by --rcfile.
printf "PS1='\$ '\nsource '%s'\n" "$WORK/d2t.bash" >"$WORK/bashrc"
declare -A shells=(
  [bash]="bash --noprofile --rcfile '$WORK/bashrc' -i"
  [zsh]="zsh -i"
  [fish]="fish --no-config -C \"source '$WORK/d2t.fish'; function fish_prompt; echo '\$ '; end\""
)

# typed SESSION TEXT EXPECTED: clears the line, types TEXT and Tab, expects the line to read
# EXPECTED.
typed() {
  "${TM[@]}" send-keys -t "$1" C-u
  "${TM[@]}" send-keys -t "$1" -l "$2"
  "${TM[@]}" send-keys -t "$1" Tab
  wait_for "$1" "\$ $3" 100
}

for shell in bash zsh fish; do
  command=${shells[$shell]}
  "${TM[@]}" new-session -d -s "$shell" -x 120 -y 20 "cd '$WORK/cwd' && $environment $command" </dev/null
  d2t_tmux_remember_server
  check "$shell: starts" "wait_for $shell '\$'" "$shell"
  check "$shell: d2t --th completes to --theme" "typed $shell 'd2t --th' 'd2t --theme'" "$shell"
  check "$shell: d2t li completes a connection name" "typed $shell 'd2t li' 'd2t library'" "$shell"
  check "$shell: a theme name" "typed $shell 'd2t --theme hi' 'd2t --theme high-contrast'" "$shell"
  check "$shell: an option's values" "typed $shell 'd2t export x y --format js' 'd2t export x y --format jsonl'" "$shell"
  check "$shell: a path in another folder" \
    "typed $shell 'd2t open some/dir/ch' 'd2t open some/dir/chinook.db'" "$shell"
  check "$shell: a subcommand's database argument" "typed $shell 'd2t model lib' 'd2t model library'" "$shell"
  check "$shell: a path with spaces" "typed $shell 'd2t odd\\ dir/m' 'd2t odd\\ dir/my\\ file.sqlite'" "$shell"
  check "$shell: an option's value after =" "typed $shell 'd2t --theme=hi' 'd2t --theme=high-contrast'" "$shell"
done

d2t_tmux_finish

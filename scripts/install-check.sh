#!/usr/bin/env bash
# Checks an installed d2t as a new machine would run it: copied alone into an empty folder,
# a fresh HOME, no checkout, no Swift libraries. The demo must look exactly as from the
# checkout, every theme must load, `ldd` must show no Swift library, and the man page and
# completions must have been installed.
#
# Usage: scripts/install-check.sh PREFIX   (where scripts/install put d2t)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() { if eval "$2"; then echo "ok   - $1"; else echo "FAIL - $1" >&2; failures=$((failures + 1)); fi; }

mkdir -p "$work/alone" "$work/home"
cp "$prefix/bin/d2t" "$work/alone/d2t"
alone() { (cd "$work/alone" && env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 ./d2t "$@"); }

check "no Swift library is linked dynamically" "! ldd '$work/alone/d2t' | grep -qi swift"
check "--version" "alone --version | grep -qE '^[0-9]+\.[0-9]+'"
alone --headless --size 100x12 >"$work/alone.txt"
env -i PATH=/usr/bin:/bin HOME="$work/checkout-home" LANG=C.UTF-8 D2T_HOME="$PWD" \
  "$prefix/bin/d2t" --headless --size 100x12 >"$work/checkout.txt"
check "the demo has its rules (Moviestars)" "grep -q Moviestars '$work/alone.txt'"
check "the demo looks exactly as from the checkout" "cmp -s '$work/alone.txt' '$work/checkout.txt'"
for theme in Themes/*.theme; do
  name=$(basename "$theme" .theme)
  alone --headless --size 100x6 --theme "$name" >"$work/theme.txt"
  check "theme $name loads" "! grep -qE 'not found|using the built-in' '$work/theme.txt'"
done
check "man page" "grep -q '^.TH D2T 1' '$prefix/share/man/man1/d2t.1'"
check "bash completion" "grep -q '_d2t' '$prefix/share/bash-completion/completions/d2t'"
check "zsh completion" "[ -s '$prefix/share/zsh/site-functions/_d2t' ]"
check "fish completion" "grep -q 'complete -c d2t' '$prefix/share/fish/vendor_completions.d/d2t.fish'"

if [ "$failures" -gt 0 ]; then echo "install-check: $failures check(s) failed" >&2; exit 1; fi
echo "install-check: all checks passed"

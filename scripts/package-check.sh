#!/usr/bin/env bash
# Checks what scripts/package built, as a machine without Swift would use it: the .deb's
# control fields, the .deb unpacked (dpkg -x) and its d2t run with no Swift toolchain on
# PATH and a fresh HOME (--version with the commit, the demo), and the tarball's files.
#
# Usage: scripts/package-check.sh   (after scripts/package; reads dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() { if eval "$2"; then echo "ok   - $1"; else echo "FAIL - $1" >&2; failures=$((failures + 1)); fi; }

deb=$(ls dist/d2t_*.deb | head -1)
tarball=$(ls dist/d2t-*-linux-*.tar.gz | head -1)
check "a .deb was built" "[ -s '$deb' ]"
check "a tarball was built" "[ -s '$tarball' ]"
depends=$(dpkg-deb -f "$deb" Depends)
for package in libpq5 libsqlite3-0 libncursesw6 libmariadb3 libssl3 libcrypt1; do
  check "Depends names $package" "grep -q '$package (>=' <<<'$depends'"
done
check "Depends names no Swift package" "! grep -qi swift <<<'$depends'"
dpkg -x "$deb" "$work/root"
alone() { env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 "$work/root/usr/bin/d2t" "$@"; }
check "no swift on PATH" "! env -i PATH=/usr/bin:/bin bash -c 'command -v swift' >/dev/null"
check "--version names the commit" "alone --version | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-f]{12}'"
check "the binary is stripped" "! objdump -h '$work/root/usr/bin/d2t' | grep -q debug_info"
check "the demo opens" "alone --headless --size 100x12 | grep -q Moviestars"
check "the man page is installed" "zcat '$work/root/usr/share/man/man1/d2t.1.gz' | head -1 | grep -q '^.TH D2T 1'"
check "bash completion" "[ -s '$work/root/usr/share/bash-completion/completions/d2t' ]"
listing=$(tar tzf "$tarball")
for file in bin/d2t share/man/man1/d2t.1.gz share/bash-completion/completions/d2t share/zsh/site-functions/_d2t \
  share/fish/vendor_completions.d/d2t.fish share/doc/d2t/README.md; do
  check "the tarball holds $file" "grep -q '/$file\$' <<<'$listing'"
done
mkdir -p "$work/tar"
tar -C "$work/tar" -xzf "$tarball"
check "the tarball's d2t runs alone" \
  "env -i PATH=/usr/bin:/bin HOME='$work/home' LANG=C.UTF-8 '$work'/tar/*/bin/d2t --headless --size 100x12 | grep -q Moviestars"
if [ "$failures" -gt 0 ]; then
  echo "package-check: $failures check(s) failed" >&2
  exit 1
fi
echo "package-check: all checks passed"

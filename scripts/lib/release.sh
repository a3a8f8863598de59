# The release build scripts/install and scripts/package ship: the Swift runtime linked in
# (--static-swift-stdlib), in a build folder of its own (.build-install, so it works while
# another build or swift test runs), with the commit for --version. Sourced.
#
# Linked by lld with each function in a section of its own, laid out in the order of
# scripts/d2t.order (the functions a start and the bench run, written by scripts/order-file):
# what d2t runs sits together in a few megabytes of the binary instead of touching most of
# its 20 MB of code (the kernel maps 64 KB around every page a process first touches), which
# halves the memory the binary's pages take; scripts/d2t-sections.ld puts the functions
# without a symbol that those runs entered in front of them. Relative relocations are packed (DT_RELR) where
# the C library reads them (glibc 2.36 and later). The static Swift runtime's link flags
# export every Swift symbol of the program (-export-dynamic: 11,500 names, 0.9 MB of symbol
# tables the dynamic linker reads whenever libpq and its libraries load); nothing looks
# them up by name, so --no-export-dynamic leaves only what the program imports.
# The C++ runtime the Swift runtime needs (libstdc++) comes from GCC's static archive, the
# same library as the shared one: only the parts the runtime uses are linked (0.6 MB),
# where the shared library is loaded, relocated and initialised whole (1.5 MB resident).
#
#   d2t_release_build ROOT   # sets d2t_release_bin to the built binary

d2t_release_build() {
  local root=$1
  local commit
  commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || true)
  if [ -n "$commit" ] && [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    commit="$commit+changes"
  fi
  local link=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic)
  local bin="$root/.build-install/release/d2t" order="$root/scripts/d2t.order"
  if [ -f "$order" ]; then
    link+=(-Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
    # SwiftPM does not know the order file: a newer one relinks.
    if [ "$order" -nt "$bin" ]; then rm -f "$bin"; fi
  fi
  # The functions without a symbol (closures' context destructors, outlined value
  # operations: private to their object file) cannot be named in the order file: a linker
  # script puts those a start runs in front of the ordered code.
  # Not in the build scripts/order-file records (D2T_LINK_MAP): valgrind names a function
  # without a symbol by its address only where it lies among its own file's functions.
  local sections="$root/scripts/d2t-sections.ld"
  if [ -f "$sections" ] && [ -z "${D2T_LINK_MAP:-}" ]; then
    link+=(-Xlinker -T -Xlinker "$sections")
    if [ "$sections" -nt "$bin" ]; then rm -f "$bin"; fi
  fi
  # SwiftPM and swiftc ask for -lstdc++: a folder searched first answers with a linker
  # script naming the static archive. Without the archive (no libstdc++-dev), the shared one.
  local cxx
  cxx=$("$(dirname "$(command -v swiftc)")/clang" -print-file-name=libstdc++.a 2>/dev/null || true)
  if [ -f "$cxx" ]; then
    mkdir -p "$root/.build-install/static-cxx"
    echo "INPUT($cxx)" >"$root/.build-install/static-cxx/libstdc++.so"
    link+=(-Xswiftc -L -Xswiftc "$root/.build-install/static-cxx")
  fi
  # scripts/order-file reads where each input section went.
  if [ -n "${D2T_LINK_MAP:-}" ]; then
    link+=(-Xlinker "-Map=$D2T_LINK_MAP")
    rm -f "$bin"
  fi
  if d2t_glibc_reads_relr; then
    link+=(-Xlinker -z -Xlinker pack-relative-relocs)
  fi
  swift build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$root/.build-install" \
    --product d2t -Xcc "-DD2T_COMMIT=\"$commit\"" "${link[@]}" >&2
  d2t_release_bin=$bin
}

# Whether this machine's C library loads packed relative relocations (glibc 2.36 and later).
d2t_glibc_reads_relr() {
  local version
  version=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
  [ -n "$version" ] || return 1
  [ "$(printf '%s\n2.36\n' "$version" | sort -V | head -1)" = 2.36 ]
}

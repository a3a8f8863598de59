# The release build scripts/install and scripts/package ship: the Swift runtime linked in
# (--static-swift-stdlib), in a build folder of its own (.build-install, so it works while
# another build or swift test runs), with the commit for --version. Sourced.
#
#   d2t_release_build ROOT   # sets d2t_release_bin to the built binary

d2t_release_build() {
  local root=$1
  local commit
  commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || true)
  if [ -n "$commit" ] && [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    commit="$commit+changes"
  fi
  swift build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$root/.build-install" \
    --product d2t -Xcc "-DD2T_COMMIT=\"$commit\"" >&2
  d2t_release_bin="$root/.build-install/release/d2t"
}

# Installs the Debian packages d2t builds and tests with, when any is missing.
# Sourced by scripts/run, scripts/test and .ci/run.
d2t_packages=(libsqlite3-dev libpq-dev libmariadb-dev libssl-dev libcrypt-dev libncursesw5-dev binutils postgresql mariadb-server tmux sqlite3 python3 zsh fish)

d2t_install_deps() {
  local missing=()
  for p in "${d2t_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "d2t: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
}

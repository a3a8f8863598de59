# Starts a throwaway MariaDB server on 127.0.0.1 in a temporary directory (its own data
# directory, socket and port, run as the mysql user when root) and exports its URL as
# D2T_TEST_MARIADB_URL (and its socket as D2T_TEST_MARIADB_SOCKET, where root logs in
# without a password). d2t_stop_mariadb stops it and removes the directory. Sourced by
# scripts/test.
d2t_mariadb_password="d2t-test-password"

d2t_start_mariadb() {
  if ! command -v mariadbd >/dev/null && [ ! -x /usr/sbin/mariadbd ]; then
    echo "d2t: no MariaDB server installed (apt-get install mariadb-server)" >&2
    return 1
  fi
  d2t_mariadb_dir=$(mktemp -d /tmp/d2t-mariadb.XXXXXX)
  local user=()
  if [ "$(id -u)" -eq 0 ]; then
    chown mysql: "$d2t_mariadb_dir"
    user=(--user=mysql)
  fi
  mariadb-install-db "${user[@]}" --datadir="$d2t_mariadb_dir/data" --auth-root-authentication-method=normal \
    --skip-test-db >"$d2t_mariadb_dir/install.log" 2>&1 || { cat "$d2t_mariadb_dir/install.log" >&2; return 1; }
  local port=33069 attempt started=""
  for attempt in 1 2 3 4 5; do
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    /usr/sbin/mariadbd --no-defaults "${user[@]}" --datadir="$d2t_mariadb_dir/data" --port="$port" \
      --bind-address=127.0.0.1 --socket="$d2t_mariadb_dir/mysqld.sock" --pid-file="$d2t_mariadb_dir/mysqld.pid" \
      --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --skip-name-resolve \
      --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
      >"$d2t_mariadb_dir/server.log" 2>&1 &
    local i
    for i in $(seq 1 100); do
      if mariadb-admin --no-defaults --socket="$d2t_mariadb_dir/mysqld.sock" -uroot ping >/dev/null 2>&1; then
        started=1
        break
      fi
      kill -0 $! 2>/dev/null || break
      sleep 0.1
    done
    [ -n "$started" ] && break
    port=$((port + 1))
  done
  [ -n "$started" ] || { cat "$d2t_mariadb_dir/server.log" >&2; return 1; }
  mariadb --no-defaults --socket="$d2t_mariadb_dir/mysqld.sock" -uroot -e \
    "CREATE USER 'd2t'@'127.0.0.1' IDENTIFIED BY '$d2t_mariadb_password';
     GRANT ALL PRIVILEGES ON *.* TO 'd2t'@'127.0.0.1' WITH GRANT OPTION;
     CREATE DATABASE d2t_test CHARACTER SET utf8mb4;" || return 1
  export D2T_TEST_MARIADB_URL="mysql://d2t:$d2t_mariadb_password@127.0.0.1:$port/d2t_test"
  export D2T_TEST_MARIADB_SOCKET="$d2t_mariadb_dir/mysqld.sock"
  echo "d2t: MariaDB test server on 127.0.0.1:$port" >&2
}

d2t_stop_mariadb() {
  [ -n "${d2t_mariadb_dir:-}" ] || return 0
  mariadb-admin --no-defaults --socket="$d2t_mariadb_dir/mysqld.sock" -uroot shutdown >/dev/null 2>&1
  rm -rf "$d2t_mariadb_dir"
  d2t_mariadb_dir=""
}

# d2t_mariadb_client: sets D2T_MARIADB_CLIENT to the mariadb (or mysql) command line for
# $D2T_TEST_MARIADB_URL's host, port, user and password (no option files read).
d2t_mariadb_client() {
  local hostpart=${D2T_TEST_MARIADB_URL#mysql://}
  hostpart=${hostpart%%/*}
  local creds=${hostpart%@*} where=${hostpart#*@}
  D2T_MARIADB_CLIENT=("$(command -v mariadb || command -v mysql)" --no-defaults -h "${where%:*}" -P "${where#*:}"
    -u "${creds%%:*}" "-p${creds#*:}")
}

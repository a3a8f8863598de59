# Starts a throwaway PostgreSQL server on 127.0.0.1 in a temporary directory, as a
# non-root OS user, and exports its URL as D2T_TEST_POSTGRES_URL. d2t_stop_postgres stops
# it and removes the directory. Sourced by scripts/test and scripts/bench.
d2t_pg_password="d2t-test-password"

d2t_start_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    echo "d2t: no PostgreSQL server installed (apt-get install postgresql)" >&2
    return 1
  fi
  d2t_pg_dir=$(mktemp -d /tmp/d2t-pg.XXXXXX)
  local run_as=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$d2t_pg_dir"
    run_as=(runuser -u postgres --)
  fi
  printf '%s\n' "$d2t_pg_password" >"$d2t_pg_dir/pwfile"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$d2t_pg_dir/pwfile"
  "${run_as[@]}" "$bin/initdb" -D "$d2t_pg_dir/data" -U postgres --pwfile="$d2t_pg_dir/pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$d2t_pg_dir/initdb.log" 2>&1 \
    || { cat "$d2t_pg_dir/initdb.log" >&2; return 1; }
  # A port that looks free can be taken (or still held by a server shutting down) before
  # the server binds it: the next one is tried, up to five times.
  local port=54329 attempt started=""
  for attempt in 1 2 3 4 5; do
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    if "${run_as[@]}" "$bin/pg_ctl" -D "$d2t_pg_dir/data" -l "$d2t_pg_dir/server.log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $d2t_pg_dir -c fsync=off" start >/dev/null; then
      started=1
      break
    fi
    port=$((port + 1))
  done
  [ -n "$started" ] || { cat "$d2t_pg_dir/server.log" >&2; return 1; }
  d2t_pg_bin=$bin
  d2t_pg_run_as=("${run_as[@]}")
  export D2T_TEST_POSTGRES_URL="postgresql://postgres:$d2t_pg_password@127.0.0.1:$port/postgres"
  echo "d2t: PostgreSQL test server on 127.0.0.1:$port" >&2
}

d2t_stop_postgres() {
  [ -n "${d2t_pg_dir:-}" ] || return 0
  "${d2t_pg_run_as[@]}" "$d2t_pg_bin/pg_ctl" -D "$d2t_pg_dir/data" -m fast -w stop >/dev/null 2>&1
  rm -rf "$d2t_pg_dir"
  d2t_pg_dir=""
}

# Servers a test starts, stops, restarts and promotes itself (restart and failover tests).
# Each lives in DIR/data with its socket in DIR and its port in postgresql.auto.conf, so
# `d2t_pg_ctl DIR start` brings it back where it was. DIR is an empty directory.

d2t_pg_as() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

d2t_pg_free_port() {
  local port=$((55000 + RANDOM % 5000))
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# d2t_pg_start_on_free_port DIR: starts the server in DIR on a free port and prints it; a
# port another test took between the check and the start is given up for another (up to 5).
d2t_pg_start_on_free_port() {
  local dir=$1 port attempt
  for attempt in 1 2 3 4 5; do
    port=$(d2t_pg_free_port)
    d2t_pg_settings "$dir" "$port"
    if d2t_pg_ctl "$dir" start 2>"$dir/start.err"; then echo "$port"; return 0; fi
    grep -q "could not create any TCP/IP sockets" "$dir/server.log" 2>/dev/null || break
  done
  cat "$dir/start.err" >&2
  return 1
}

# d2t_pg_settings DIR PORT: where the server in DIR listens (appended, so they win).
d2t_pg_settings() {
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nfsync = off\n" \
    "$2" "$1" >>"$1/data/postgresql.auto.conf"
}

# d2t_pg_primary DIR: a new server (user postgres, password $d2t_pg_password, replication
# allowed from 127.0.0.1) started in DIR; prints its port.
d2t_pg_primary() {
  local dir=$1 bin port
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] || { echo "d2t: no PostgreSQL server installed (apt-get install postgresql)" >&2; return 1; }
  printf '%s\n' "$d2t_pg_password" >"$dir/pwfile"
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
  d2t_pg_as "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  d2t_pg_start_on_free_port "$dir"
}

# d2t_pg_standby PRIMARY_PORT DIR: a streaming-replication standby of the primary on
# 127.0.0.1:PRIMARY_PORT (pg_basebackup -R), started in DIR; prints its port.
d2t_pg_standby() {
  local primary=$1 dir=$2 bin port
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
  d2t_pg_as "$bin/pg_basebackup" -d "postgresql://postgres:$d2t_pg_password@127.0.0.1:$primary/postgres" \
    -D "$dir/data" -R -X stream -c fast >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; return 1; }
  d2t_pg_start_on_free_port "$dir"
}

# d2t_pg_ctl DIR start|stop|promote: starts, stops (fast: sessions are cut) or promotes
# the server in DIR, waiting until it is done.
d2t_pg_ctl() {
  local dir=$1 bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  case $2 in
    start) d2t_pg_as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null \
      || { cat "$dir/server.log" >&2; return 1; } ;;
    stop) d2t_pg_as "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null ;;
    promote) d2t_pg_as "$bin/pg_ctl" -D "$dir/data" -w promote >/dev/null ;;
    *) echo "d2t_pg_ctl: start, stop or promote" >&2; return 1 ;;
  esac
}

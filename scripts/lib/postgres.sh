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
  local port=54329
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  "${run_as[@]}" "$bin/pg_ctl" -D "$d2t_pg_dir/data" -l "$d2t_pg_dir/server.log" -w \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $d2t_pg_dir -c fsync=off" start >/dev/null \
    || { cat "$d2t_pg_dir/server.log" >&2; return 1; }
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

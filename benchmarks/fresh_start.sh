#!/usr/bin/env bash
# Time from a fresh clone to the admin's login page answering, as a new user's `make run` does it
# (venv, install of the runtime dependencies only, migrate, demo parlor, runserver).
# Usage: bash benchmarks/fresh_start.sh [PORT]   (PIP_NO_CACHE_DIR=1 to time it without pip's cache)
set -euo pipefail
port="${1:-8571}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server=
trap '[ -n "$server" ] && kill -- -"$server" 2>/dev/null; rm -rf "$work"' EXIT
git clone -q "$repo" "$work/clone"
ln -s "$repo/../shared" "$work/shared" 2>/dev/null || true
start=$(date +%s.%N)
cd "$work/clone"
# Its own session, so the trap stops make, runserver and its reloader together.
env -u DATABASE_URL -u CELERY_BROKER_URL PORT="$port" setsid make run >"$work/run.log" 2>&1 &
server=$!
until curl -fs -o /dev/null "http://127.0.0.1:$port/admin/login/" 2>/dev/null; do
  if ! kill -0 "$server" 2>/dev/null; then cat "$work/run.log"; echo "make run stopped" >&2; exit 1; fi
  if (( $(date +%s) - ${start%.*} > 600 )); then echo "no answer in 600 s" >&2; exit 1; fi
  sleep 0.5
done
end=$(date +%s.%N)
printf 'fresh clone to admin login page: %.1f s (make run: venv, runtime install, migrate, demo, serve)\n' \
  "$(echo "$end - $start" | bc)"

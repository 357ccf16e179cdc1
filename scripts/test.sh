#!/usr/bin/env bash
# `npm test`: every suite, on a fresh machine too. Installs dependencies and Debian's Chromium
# when missing, starts local MySQL/Redis if they are installed but down, then runs typecheck,
# lint, the formatter's check (side by side), unit + integration tests (each run in a database of its own)
# with the build beside them, and e2e.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase says how long it took, so a slow one shows where the time goes.
phase_started=$SECONDS
took() { echo "== $1 took $((SECONDS - phase_started)) s"; phase_started=$SECONDS; }

if [ ! -x node_modules/.bin/tsx ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== installing dependencies"
  npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x /usr/sbin/nginx ]; then
  echo "== installing nginx for the scale tests (many apis behind it)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi

bash scripts/services.sh
bash scripts/redis-cluster.sh

# The three static checks side by side (each keeps one core busy); each one's output is shown
# whole when it ends, and any failure fails the run.
checks_dir=$(mktemp -d)
trap 'rm -rf "$checks_dir"' EXIT
for check in typecheck lint format:check; do
  (npm run --silent "$check" >"$checks_dir/$check.log" 2>&1 && echo 0 >"$checks_dir/$check.status" ||
    echo 1 >"$checks_dir/$check.status") &
done
wait
failed=0
for check in typecheck lint format:check; do
  echo "== $check"
  cat "$checks_dir/$check.log"
  [ "$(cat "$checks_dir/$check.status")" = 0 ] || failed=1
done
[ "$failed" = 0 ] || { echo "== static checks failed"; exit 1; }
took "installing, services and static checks"
# The build runs beside the unit and integration tests (they never read frontend/dist, and the
# integration files spend much of their time waiting on sockets and timers); its output is shown
# when both have ended.
echo "== build (beside the unit and integration tests)"
(npm run build >"$checks_dir/build.log" 2>&1 && echo 0 >"$checks_dir/build.status" ||
  echo 1 >"$checks_dir/build.status") &
build_pid=$!
echo "== unit and integration tests"
npx vitest run || { wait "$build_pid" || true; exit 1; }
took "unit and integration tests"
wait "$build_pid" || true
cat "$checks_dir/build.log"
[ "$(cat "$checks_dir/build.status")" = 0 ] || { echo "== build failed"; exit 1; }
took "build (after the tests)"
echo "== browser tests"
npm run test:e2e
took "browser tests"

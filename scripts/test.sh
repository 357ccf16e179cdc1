#!/usr/bin/env bash
# `npm test`: every suite, on a fresh machine too. Installs dependencies and Debian's Chromium
# when missing, starts local MySQL/Redis if they are installed but down, then runs typecheck,
# lint, the formatter's check, unit + integration tests (each run in a database of its own), the build and e2e.
set -euo pipefail
cd "$(dirname "$0")/.."

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

bash scripts/services.sh

echo "== typecheck"
npm run typecheck
echo "== lint"
npm run lint
echo "== format"
npm run format:check
echo "== unit and integration tests"
npx vitest run
echo "== build"
npm run build
echo "== browser tests"
npm run test:e2e

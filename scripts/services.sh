#!/usr/bin/env bash
# Makes sure MySQL/MariaDB and Redis answer at their local defaults, starting the machine's own
# servers when they are installed but stopped. Remote URLs are left alone.
set -u

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
wait_port() { for _ in $(seq 1 30); do port_open "$1" "$2" && return 0; sleep 1; done; return 1; }

if ! port_open 127.0.0.1 6379 && command -v redis-server >/dev/null; then
  echo "Starting Redis..."
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ringcast.log >/dev/null
  wait_port 127.0.0.1 6379
fi
if ! port_open 127.0.0.1 3306 && command -v mariadbd >/dev/null && command -v start-stop-daemon >/dev/null; then
  echo "Starting MariaDB..."
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  wait_port 127.0.0.1 3306
fi
exit 0

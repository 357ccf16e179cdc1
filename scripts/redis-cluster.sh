#!/usr/bin/env bash
# A local three-master Redis Cluster for the tests that run on a cluster (vitest's `cluster`
# project): redis-server on ports 7101-7103, no persistence, its files under .tmp/redis-cluster/.
# Idempotent: a cluster already answering cluster_state:ok is reused as it is; one that is half up
# (a node down, slots unassigned) is stopped and made anew.
set -euo pipefail
cd "$(dirname "$0")/.."

PORTS=(7101 7102 7103)
DIR=.tmp/redis-cluster

cluster_ok() {
  for port in "${PORTS[@]}"; do
    redis-cli -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || return 1
  done
}

if cluster_ok; then
  echo "Redis Cluster already up on ports ${PORTS[*]}"
  exit 0
fi

echo "Starting a Redis Cluster on ports ${PORTS[*]}..."
for port in "${PORTS[@]}"; do
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
done
rm -rf "$DIR"
for port in "${PORTS[@]}"; do
  mkdir -p "$DIR/$port"
  redis-server --port "$port" --bind 127.0.0.1 --daemonize yes \
    --cluster-enabled yes --cluster-config-file nodes.conf --cluster-node-timeout 5000 \
    --save "" --appendonly no --dir "$DIR/$port" --logfile redis.log >/dev/null
done
for port in "${PORTS[@]}"; do
  for _ in $(seq 1 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
done

redis-cli --cluster create $(printf '127.0.0.1:%s ' "${PORTS[@]}") --cluster-replicas 0 --cluster-yes >/dev/null
# The nodes learn of each other's slots through the cluster bus, a moment after create returns.
for _ in $(seq 1 100); do
  cluster_ok && { echo "Redis Cluster up"; exit 0; }
  sleep 0.2
done
echo "Redis Cluster did not reach cluster_state:ok" >&2
exit 1

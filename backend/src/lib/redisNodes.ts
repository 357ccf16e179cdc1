import type { ClusterNode, RedisOptions } from 'ioredis';

/**
 * The nodes of REDIS_URL as a cluster reads it: a comma-separated list of redis:// (or rediss://)
 * URLs, any of the cluster's nodes (the client learns the rest from them). Credentials and TLS
 * come from the first URL and hold for every node.
 */
export function parseClusterNodes(list: string): { nodes: ClusterNode[]; redisOptions: RedisOptions } {
  const urls = list
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => new URL(url));
  if (!urls.length) throw new Error('REDIS_URL names no Redis Cluster node');
  const nodes = urls.map((url) => ({ host: url.hostname, port: Number(url.port) || 6379 }));
  const [first] = urls;
  const redisOptions: RedisOptions = {};
  if (first.username) redisOptions.username = decodeURIComponent(first.username);
  if (first.password) redisOptions.password = decodeURIComponent(first.password);
  if (first.protocol === 'rediss:') redisOptions.tls = {};
  return { nodes, redisOptions };
}

import { afterEach, describe, expect, it } from 'vitest';
import { config } from './config';
import { parseClusterNodes } from './lib/redisNodes';
import { queuePrefix, redisKey, slotKey } from './redis';

const { redisCluster, redisPrefix } = config;
afterEach(() => {
  config.redisCluster = redisCluster;
  config.redisPrefix = redisPrefix;
});

describe('key layout', () => {
  it('keeps every key name on a single Redis', () => {
    config.redisCluster = false;
    config.redisPrefix = 'ringcast';
    expect(slotKey('pacing', 'AC1', 'inflight')).toBe('ringcast:pacing:AC1:inflight');
    expect(slotKey('call-events')).toBe(redisKey('call-events'));
    expect(slotKey('call-events', 'failed')).toBe('ringcast:call-events:failed');
    expect(queuePrefix('dialCall')).toBe('ringcast:bull');
    expect(queuePrefix('sendMail')).toBe('ringcast:bull');
  });

  it('tags a group and each queue on a Redis Cluster', () => {
    config.redisCluster = true;
    config.redisPrefix = 'ringcast';
    expect(slotKey('pacing', 'AC1', 'inflight')).toBe('ringcast:{pacing}:AC1:inflight');
    expect(slotKey('call-events')).toBe('ringcast:{call-events}');
    expect(queuePrefix('dialCall')).toBe('ringcast:{bull:dialCall}');
    expect(queuePrefix('sendMail')).toBe('ringcast:{bull:sendMail}');
  });
});

describe('parseClusterNodes', () => {
  it('reads a comma-separated list of nodes, credentials and TLS from the first', () => {
    expect(parseClusterNodes('redis://127.0.0.1:7101, redis://10.0.0.2:7102,redis://redis-3')).toEqual({
      nodes: [
        { host: '127.0.0.1', port: 7101 },
        { host: '10.0.0.2', port: 7102 },
        { host: 'redis-3', port: 6379 },
      ],
      redisOptions: {},
    });
    expect(
      parseClusterNodes('rediss://default:p%40ss@cache.example:6380,rediss://cache2.example:6380'),
    ).toEqual({
      nodes: [
        { host: 'cache.example', port: 6380 },
        { host: 'cache2.example', port: 6380 },
      ],
      redisOptions: { username: 'default', password: 'p@ss', tls: {} },
    });
  });

  it('refuses a list without a node', () => {
    expect(() => parseClusterNodes(' , ')).toThrow(/no Redis Cluster node/);
  });
});

import type { Cluster, Redis, RedisOptions } from 'ioredis';

/** A connection to a single Redis or to a Redis Cluster: both take the same commands. */
export type RedisClient = Redis | Cluster;

/** One log line: its fields, then its message. pino's methods fit it. */
type LogLine = (fields: object, message?: string) => void;

/** The logger the api hands the sandboxes (pino's Logger is one). */
export interface SandboxLogger {
  debug: LogLine;
  info: LogLine;
  warn: LogLine;
  error: LogLine;
  child(bindings: Record<string, unknown>): SandboxLogger;
}

/**
 * What the api hands every sandbox when it mounts it: where to log, the deployment's Redis and its
 * key prefix, and how fast simulated time runs. A sandbox is the provider, not a part of us, so
 * it reads no config, connection or logger of ours itself. Each provider's host adds what that
 * provider knows of us (twilio/host.ts, stripe/host.ts).
 */
export interface SandboxHost {
  logger: SandboxLogger;
  /** The api's shared connection for plain commands; the api closes it. */
  redis(): RedisClient;
  /** A new connection of the sandbox's own (Lua scripts, pub/sub); the sandbox closes it. */
  createRedis(options?: RedisOptions): RedisClient;
  /** A key under the deployment's prefix (REDIS_PREFIX), so deployments sharing a Redis stay apart. */
  redisKey(...parts: (string | number)[]): string;
  /**
   * A key used together with others of its group (in one script or MULTI): on a Redis Cluster the
   * group is a hash tag, so they share a slot; on a single node it is redisKey(group, ...parts).
   */
  slotKey(group: string, ...parts: (string | number)[]): string;
  /** SANDBOX_TIME_SCALE, read each time: simulated time runs this many times faster than real time. */
  timeScale(): number;
}

let current: SandboxHost | undefined;

/** Each sandbox's factory (and the Twilio player) installs the host it is handed. */
export function useSandboxHost(host: SandboxHost): void {
  current = host;
}

/** The host the api handed over, if it has yet. */
export const installedSandboxHost = (): SandboxHost | undefined => current;

/** The host the api handed over; a sandbox used before it is mounted is a mistake, said at once. */
export function sandboxHost(): SandboxHost {
  if (!current) {
    throw new Error(
      'The sandbox has no host yet: the api hands it one as it mounts it (createTwilioSandbox(host), ...).',
    );
  }
  return current;
}

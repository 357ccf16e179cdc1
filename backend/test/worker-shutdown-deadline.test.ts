import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { spawnWorker } from './helpers/processes';

/**
 * Redis behind a relay that can go silent: connections stay open, nothing more passes either way,
 * as when a network path hangs.
 */
async function silenceableRedis() {
  const target = new URL(config.redisUrl);
  const sockets = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => silent || upstream.write(chunk));
    upstream.on('data', (chunk) => silent || client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    silence: () => (silent = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('worker shutdown', () => {
  const closes: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closes.reverse()) await close();
  });

  it('ends the process within its deadline when closing hangs', { timeout: 60_000 }, async () => {
    const redis = await silenceableRedis();
    closes.push(redis.close);
    // A deadline of 8 s (40 s by default) gives jobs in flight a grace of 5 s.
    const worker = await spawnWorker({ REDIS_URL: redis.url, WORKER_SHUTDOWN_DEADLINE_SECONDS: '8' });
    closes.push(worker.stop);
    let output = '';
    worker.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // Its signal handlers are in place before it says it started (spawnWorker waited for that).
    // Every read in flight and every close now waits on Redis for ever.
    redis.silence();
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => worker.child.once('exit', resolve));
    const seconds = (Date.now() - signalledAt) / 1000;

    expect(output).toContain('worker shutdown did not finish; exiting');
    expect(code).toBe(1);
    // Jobs in flight were given their grace first, and the deadline ended the process.
    expect(seconds).toBeGreaterThan(5);
    expect(seconds).toBeLessThan(14);
  });
});

import { spawn } from 'node:child_process';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFile } from 'node:fs/promises';
import { startTestApi } from './helpers/server';

// The kernel's own count of handshakes dropped from full listen queues (this network namespace).
async function droppedHandshakes(): Promise<number> {
  const [names, values] = (await readFile('/proc/net/netstat', 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('TcpExt:'))
    .map((line) => line.split(/\s+/));
  return ['ListenOverflows', 'ListenDrops'].reduce(
    (sum, name) => sum + Number(values[names.indexOf(name)]),
    0,
  );
}

// Opens `count` connections at once when told to, and reports how long each took to be taken in.
const CONNECTOR = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
process.stdin.once('data', () => {
  const started = performance.now();
  const times = [];
  const sockets = [];
  const settle = (ms) => {
    times.push(ms);
    if (times.length < count) return;
    sockets.forEach((socket) => socket.destroy());
    process.stdout.write(JSON.stringify(times), () => process.exit(0));
  };
  for (let i = 0; i < count; i++) {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => settle(performance.now() - started));
    socket.on('error', () => settle(Infinity));
    sockets.push(socket);
  }
});
process.stdout.write('ready');
`;

describe("the api's connections", () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  // Twilio opens connections in bursts, and they may come while the api is busy. Past the listen
  // backlog (Node's default is 511) Linux drops the handshake and the caller tries again a second
  // later: a callback answered seconds late. More than 511 here, fewer than a default fd limit.
  it('takes in 900 connections opened while the api is busy, none waiting for a retried handshake', async () => {
    const connector = spawn(process.execPath, ['-e', CONNECTOR, String(api.port), '900'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    connector.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    while (!output.startsWith('ready')) await once(connector.stdout, 'data');
    output = '';
    const droppedBefore = await droppedHandshakes();
    connector.stdin.write('go\n');
    // The api's event loop is held, so nothing is accepted until it lets go: the connections wait
    // in the kernel's queue, or are dropped when it is full.
    const until = Date.now() + 500;
    while (Date.now() < until);
    await once(connector, 'exit');

    const times = JSON.parse(output) as (number | null)[];
    expect(times).toHaveLength(900);
    expect(times.filter((ms) => ms === null)).toHaveLength(0);
    // A dropped handshake is retried a second later at the earliest; the kernel counts each drop
    // (a busy machine can make every connection slow, so the time alone cannot tell).
    expect(await droppedHandshakes()).toBe(droppedBefore);
  });

  // Node closes a connection idle for 5 s; a client (or a proxy) that keeps its own for longer
  // and reuses one just as the api closes it has that request reset.
  it('keeps an idle kept-alive connection open past 5 s (8 s here): the next request on it is answered', async () => {
    const socket = net.connect({ port: api.port, host: '127.0.0.1' });
    await once(socket, 'connect');
    let closedAt: number | undefined;
    socket.on('close', () => (closedAt = Date.now()));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
    // Answers follow each other with no line break between a body and the next status line.
    const answers = () => received.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0;
    const answered = (count: number) =>
      vi.waitFor(
        () => {
          if (answers() < count && closedAt === undefined) throw new Error(`waiting for answer ${count}`);
        },
        { timeout: 5_000, interval: 20 },
      );

    socket.write(request);
    await answered(1);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    const idleSince = Date.now();
    // Not a wait for a signal: staying idle past Node's 5 s is the behaviour under test.
    await new Promise((r) => setTimeout(r, 8_000));
    expect(closedAt, `closed after ${(closedAt ?? 0) - idleSince} ms idle`).toBeUndefined();
    socket.write(request);
    await answered(2);
    expect(answers()).toBe(2);
    socket.destroy();
  }, 15_000);
});

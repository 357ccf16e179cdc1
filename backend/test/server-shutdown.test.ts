import net from 'node:net';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { startTestApi } from './helpers/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Idle kept-alive connections are kept for a minute (server.ts); closing the api closes those idle
// at that moment, and must not wait a minute for one that was still answering a request.
it('closes a connection that was answering a request as soon as its answer is out', async () => {
  const api = await startTestApi();
  const socket = net.connect({ port: api.port, host: '127.0.0.1' });
  await once(socket, 'connect');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
  // Half a request: the connection is busy when the api starts closing.
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await sleep(100);
  const started = Date.now();
  const closed = api.close();
  await sleep(100);
  socket.write(body.slice(5));
  const outcome = await Promise.race([
    closed.then(() => 'closed'),
    sleep(5_000).then(() => 'still waiting for the connection'),
  ]);
  expect(outcome).toBe('closed');
  expect(received).toMatch(/^HTTP\/1\.1 \d{3} /);
  expect(Date.now() - started).toBeLessThan(3_000);
  socket.destroy();
}, 30_000);

import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { startTestApi } from './helpers/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once nothing listens on the api's port any more. */
const refusesConnectionsOn = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect({ port, host: '127.0.0.1' });
    probe.once('connect', () => (probe.destroy(), resolve(false)));
    probe.once('error', () => resolve(true));
  });

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
  // Half a request: the connection is busy (its request has started) when the api starts closing.
  const requestStarted = new Promise<void>((resolve) => {
    const onStart = (message: unknown) => {
      if ((message as { request: IncomingMessage }).request.url !== '/api/auth/login') return;
      diagnostics.unsubscribe('http.server.request.start', onStart);
      resolve();
    };
    diagnostics.subscribe('http.server.request.start', onStart);
  });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await requestStarted;
  const started = Date.now();
  const closed = api.close();
  // The rest of the body goes once the api has stopped listening, so the answer comes out while it closes.
  await expect.poll(() => refusesConnectionsOn(api.port), { timeout: 10_000 }).toBe(true);
  socket.write(body.slice(5));
  const outcome = await Promise.race([
    closed.then(() => 'closed'),
    // Not a wait for a signal: a bound on the behaviour (an idle kept-alive connection is kept a minute).
    sleep(5_000).then(() => 'still waiting for the connection'),
  ]);
  expect(outcome).toBe('closed');
  expect(received).toMatch(/^HTTP\/1\.1 \d{3} /);
  expect(Date.now() - started).toBeLessThan(3_000);
  socket.destroy();
}, 30_000);

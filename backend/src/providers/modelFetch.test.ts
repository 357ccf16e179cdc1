import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFetch } from './modelFetch';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (piece: Buffer) => (body += piece));
    req.on('end', () => {
      if (req.url === '/echo') {
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_1' });
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization }));
      } else if (req.url === '/stream') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: 1\n\n');
        setTimeout(() => res.end('data: 2\n\n'), 20);
      } else if (req.url === '/hang') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: 1\n\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('modelFetch', () => {
  it('sends the method, headers and body, and answers status, headers and JSON', async () => {
    const res = await modelFetch(`${base}/echo`, {
      method: 'POST',
      headers: new Headers({ Authorization: 'Bearer k' }),
      body: '{"a":1}',
    });
    expect([res.ok, res.status]).toEqual([true, 201]);
    expect(res.headers.get('x-request-id')).toBe('req_1');
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer k' });
  });

  it('gives the body as the chunks arrive', async () => {
    const res = await modelFetch(`${base}/stream`, { method: 'GET' });
    const chunks: string[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Buffer>) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('data: 1\n\ndata: 2\n\n');
  });

  it('ends a stream being read when its signal aborts, with the abort', async () => {
    const abort = new AbortController();
    const res = await modelFetch(`${base}/hang`, { method: 'GET', signal: abort.signal });
    const read = (async () => {
      for await (const chunk of res.body as unknown as AsyncIterable<Buffer>) if (chunk) abort.abort();
    })();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails as fetch does: an aborted signal, then a refused connection', async () => {
    const aborted = AbortSignal.abort();
    await expect(modelFetch(`${base}/echo`, { signal: aborted })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await expect(modelFetch('http://127.0.0.1:1/', { method: 'GET' })).rejects.toThrow('fetch failed');
  });
});

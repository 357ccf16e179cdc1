import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, postToPublicUrl, RefusedAddress } from './publicHttp';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('postToPublicUrl', () => {
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') res.writeHead(302, { Location: '/elsewhere' }).end();
      else res.writeHead(200).end('x'.repeat(2000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, allowPrivate: boolean) =>
    postToPublicUrl(url, '{}', { 'Content-Type': 'application/json' }, { timeoutMs: 5000, allowPrivate });

  it('refuses a name that resolves to a private address, and a private address written out', async () => {
    await expect(post(`http://localhost:${port}/hook`, false)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(post(`http://127.0.0.1:${port}/hook`, false)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(post(`http://[::ffff:127.0.0.1]:${port}/hook`, false)).rejects.toBeInstanceOf(
      RefusedAddress,
    );
    expect(hits).toEqual([]);
  });

  it('posts where private addresses are allowed, keeps 500 bytes, and never follows a redirect', async () => {
    const answer = await post(`http://localhost:${port}/hook`, true);
    expect(answer).toEqual({ statusCode: 200, body: 'x'.repeat(500) });
    expect(await post(`http://127.0.0.1:${port}/redirect`, true)).toMatchObject({ statusCode: 302 });
    expect(hits).toEqual(['/hook', '/redirect']);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxHttpClient, twilioClient } from './twilio';

const sid = `AC${'0'.repeat(32)}`;
let server: http.Server;
let base: string;
const seen: { url?: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url, authorization: req.headers.authorization });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sid, status: 'active' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SandboxHttpClient', () => {
  it("sends the SDK's api.twilio.com requests to the sandbox address, its base path in front", async () => {
    const client = twilio(sid, 'token', {
      httpClient: new SandboxHttpClient(() => `${base}/base/sandbox/twilio/`),
    });
    const account = await client.api.v2010.accounts(sid).fetch();
    expect(account.status).toBe('active');
    expect(seen.at(-1)).toEqual({
      url: `/base/sandbox/twilio/2010-04-01/Accounts/${sid}.json`,
      authorization: `Basic ${Buffer.from(`${sid}:token`).toString('base64')}`,
    });
    await client.calls.list({ to: '+12125550106', limit: 1 }).catch(() => undefined);
    expect(seen.at(-1)!.url).toBe(
      `/base/sandbox/twilio/2010-04-01/Accounts/${sid}/Calls.json?To=%2B12125550106&PageSize=1`,
    );
  });

  it('refuses to reach any other Twilio domain in sandbox mode', async () => {
    const client = twilio(sid, 'token', { httpClient: new SandboxHttpClient(() => base) });
    await expect(client.lookups.v2.phoneNumbers('+12125550106').fetch()).rejects.toThrow(
      /serves api.twilio.com only/,
    );
  });
});

describe('twilioClient', () => {
  it('keeps one client per account and token', () => {
    const account = { accountSid: sid, authToken: 'a'.repeat(32) };
    expect(twilioClient(account)).toBe(twilioClient({ ...account }));
    expect(twilioClient({ ...account, authToken: 'b'.repeat(32) })).not.toBe(twilioClient(account));
  });
});

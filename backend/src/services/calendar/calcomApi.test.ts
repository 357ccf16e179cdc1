import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../config';
import { calcomBaseUrl } from '../../providers/calcom';
import { CalcomApiError, CalcomUnreachableError, fetchCalcomEventTypes, fetchCalcomSlots } from './calcomApi';

/** Which Cal.com a key reaches, and what the client sends and makes of the answers. */
let server: http.Server;
let base: string;
const seen: { url?: string; headers: http.IncomingHttpHeaders }[] = [];
let answer: (res: http.ServerResponse) => void = (res) => res.end();
const saved = { ...config.calcom, twilioSandbox: config.sandboxes.twilio, sandboxUrl: config.sandboxUrl };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A deployment with real calls: only sandbox keys go to the sandbox.
  config.sandboxes.twilio = false;
  config.calcom.apiUrl = base;
  config.calcom.timeoutMs = 5_000;
});

afterAll(async () => {
  config.sandboxes.twilio = saved.twilioSandbox;
  Object.assign(config.calcom, { apiUrl: saved.apiUrl, sandbox: saved.sandbox, timeoutMs: saved.timeoutMs });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const json = (status: number, body: unknown) => (res: http.ServerResponse) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

describe('where a key goes', () => {
  it('sends a Cal.com key to CALCOM_API_URL and a sandbox key to the sandbox, while it is served', () => {
    config.calcom.sandbox = true;
    expect(calcomBaseUrl('cal_live_abc')).toBe(base);
    expect(calcomBaseUrl('cal_sandbox_abc')).toBe(`${config.sandboxUrl}/sandbox/calcom`);
    config.sandboxes.twilio = true;
    expect(calcomBaseUrl('cal_live_abc')).toBe(`${config.sandboxUrl}/sandbox/calcom`);
    config.sandboxes.twilio = false;
    config.calcom.sandbox = false;
    expect(calcomBaseUrl('cal_sandbox_abc')).toBe(base);
    config.calcom.sandbox = saved.sandbox;
  });
});

describe('the Cal.com client', () => {
  it('sends the key as a bearer token and the endpoint’s api version, and reads `data`', async () => {
    answer = json(200, {
      status: 'success',
      data: [{ id: 7, title: 'Intro', slug: 'intro', lengthInMinutes: 20 }],
    });
    expect(await fetchCalcomEventTypes('cal_live_key')).toEqual([
      { id: 7, title: 'Intro', slug: 'intro', lengthInMinutes: 20 },
    ]);
    expect(seen.at(-1)).toMatchObject({
      url: '/v2/event-types',
      headers: { authorization: 'Bearer cal_live_key', 'cal-api-version': '2024-06-14' },
    });
    answer = json(200, { status: 'success', data: {} });
    await fetchCalcomSlots('cal_live_key', { eventTypeId: 7, start: 'a', end: 'b', timeZone: 'Europe/Rome' });
    expect(seen.at(-1)).toMatchObject({
      url: '/v2/slots?eventTypeId=7&start=a&end=b&timeZone=Europe%2FRome',
      headers: { 'cal-api-version': '2024-09-04' },
    });
  });

  it('tells Cal.com’s refusals from Cal.com being out of reach', async () => {
    answer = json(401, {
      status: 'error',
      error: { code: 'UnauthorizedException', message: 'Invalid API Key' },
    });
    const refused = await fetchCalcomEventTypes('cal_live_bad').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(CalcomApiError);
    expect(refused).toMatchObject({ status: 401, message: 'Invalid API Key' });
    const outages: [(res: http.ServerResponse) => void, number][] = [
      [json(503, { status: 'error', error: { message: 'down' } }), 5_000],
      [(res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>'), 5_000],
      // Never answers: given up after the timeout.
      [() => undefined, 300],
    ];
    for (const [failing, timeoutMs] of outages) {
      answer = failing;
      config.calcom.timeoutMs = timeoutMs;
      await expect(fetchCalcomEventTypes('cal_live_key')).rejects.toBeInstanceOf(CalcomUnreachableError);
    }
  });
});

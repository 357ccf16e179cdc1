import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { userWithDraft } from './helpers/campaigns';
import { registeredClient } from './helpers/client';
import { answeredCall } from './helpers/relay';
import { useRelayCallers } from './helpers/relayCalls';
import { samplesNamed, sampleValue, scrape } from './helpers/metrics';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/** The api's /metrics: behind METRICS_TOKEN, with bounded labels and the figures it measures itself. */
const api = useTestApi();
const connect = useRelayCallers(api);
const TOKEN = 'metrics-token-for-tests';
const metricsUrl = () => `${api.baseUrl}/metrics`;
const scrapeWithToken = async () => {
  const res = await scrape(metricsUrl(), TOKEN);
  expect(res.status).toBe(200);
  return res.text;
};

afterEach(() => {
  config.metricsToken = undefined;
});

describe('GET /metrics on the api', () => {
  it('is not there while no token is configured', async () => {
    config.metricsToken = undefined;
    const res = await scrape(metricsUrl(), TOKEN);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'not_found' });
  });

  it('answers 401 without the token or with another, and the text format with it', async () => {
    config.metricsToken = TOKEN;
    expect((await scrape(metricsUrl())).status).toBe(401);
    expect((await scrape(metricsUrl(), `${TOKEN}x`)).status).toBe(401);
    expect((await scrape(metricsUrl(), TOKEN.slice(0, -1))).status).toBe(401);
    const res = await scrape(metricsUrl(), TOKEN);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    // The process defaults, event-loop delay included.
    expect(sampleValue(res.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(res.text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    // The figures shared through Redis are the workers' to export, not every api's.
    expect(samplesNamed(res.text, 'ringcast_queue_jobs')).toEqual([]);
  });

  it('labels a request by its route template, never by the id in its path', async () => {
    config.metricsToken = TOKEN;
    const { client, campaign } = await userWithDraft(api.baseUrl);
    const route = { method: 'GET', route: '/api/campaigns/:id', status: '200' };
    const before = sampleValue(
      await scrapeWithToken(),
      'ringcast_http_request_duration_seconds_count',
      route,
    );
    for (let i = 0; i < 3; i++) expect((await client.get(`/api/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await client.get('/api/campaigns/999999999')).status).toBe(404);
    expect((await client.get('/api/no-such-thing')).status).toBe(404);

    const text = await scrapeWithToken();
    const count = sampleValue(text, 'ringcast_http_request_duration_seconds_count', route);
    expect(count).toBe((before ?? 0) + 3);
    expect(
      sampleValue(text, 'ringcast_http_request_duration_seconds_count', { ...route, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(text, 'ringcast_http_request_duration_seconds_count', {
        route: 'unmatched',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(
      samplesNamed(text, 'ringcast_http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    for (const label of routes) expect(label).not.toMatch(/\/\d+(\/|$)/);
  });

  it("records a webhook's answer time by its route template and status", async () => {
    config.metricsToken = TOKEN;
    const webhook = { route: '/webhooks/twilio/calls/:callId/status', status: '403' };
    const before = sampleValue(await scrapeWithToken(), 'ringcast_webhook_duration_seconds_count', webhook);
    // Unsigned: refused, and timed all the same.
    const res = await fetch(`${api.baseUrl}/webhooks/twilio/calls/4242/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'CallSid=CA00000000000000000000000000000000&CallStatus=ringing',
    });
    expect(res.status).toBe(403);
    const text = await scrapeWithToken();
    expect(sampleValue(text, 'ringcast_webhook_duration_seconds_count', webhook)).toBe((before ?? 0) + 1);
    expect(sampleValue(text, 'ringcast_webhook_duration_seconds_sum', webhook)).toBeGreaterThan(0);
    const routes = samplesNamed(text, 'ringcast_webhook_duration_seconds_count').map((s) => s.labels.route);
    // Earlier files in this process may have sent a webhook to no route at all: labelled `unmatched`.
    expect(
      routes.every(
        (route) => route === 'unmatched' || (route?.startsWith('/webhooks/') && !route.includes('4242')),
      ),
    ).toBe(true);
  });

  it('counts the Socket.IO sockets open on the process', async () => {
    config.metricsToken = TOKEN;
    const sockets = () => scrapeWithToken().then((text) => sampleValue(text, 'ringcast_socketio_sockets'));
    const before = await sockets();
    expect(before).toBeTypeOf('number');
    const { client } = await registeredClient(api.baseUrl);
    const socket = await api.openSocket(client);
    expect(await sockets()).toBe(before! + 1);
    socket.close();
    await waitFor(async () => (await sockets()) === before, 5_000, 'the closed socket to leave the count');
  });

  it("counts open relay sessions and times each reply's own overhead", async () => {
    config.metricsToken = TOKEN;
    const figures = async () => {
      const text = await scrapeWithToken();
      return {
        sessions: sampleValue(text, 'ringcast_relay_sessions')!,
        replies: sampleValue(text, 'ringcast_relay_turn_overhead_seconds_count') ?? 0,
      };
    };
    const before = await figures();
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    await waitFor(
      async () => (await figures()).sessions === before.sessions + 1,
      5_000,
      'the session to count',
    );
    caller.say("I'm fine, thanks.");
    await caller.turn(0);
    await waitFor(
      async () => (await figures()).replies === before.replies + 1,
      5_000,
      'the reply to be timed',
    );
    caller.close();
    await waitFor(async () => (await figures()).sessions === before.sessions, 5_000, 'the session to end');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_ENDPOINTS_FULL,
  WEBHOOK_URL_INVALID,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@ringcast/shared-types';
import { config } from '../src/config';
import { WebhookEndpoint as EndpointRow, WebhookEvent } from '../src/db/models/webhooks';
import { decryptSecret } from '../src/lib/secretBox';
import { closeQueues, getQueue } from '../src/queues';
import { DISABLED_FOR_FAILURES, attemptDelivery, writeWebhookEvent } from '../src/services/webhooks';
import { registeredClient, type TestClient } from './helpers/client';
import { spawnWorker, type Spawned } from './helpers/processes';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';
import { documentedVerifier, startWebhookReceiver } from './helpers/webhookReceiver';

const api = useTestApi();
let worker: Spawned;

beforeAll(async () => {
  // Retries a third of a second apart, so three attempts take about a second.
  worker = await spawnWorker({ SANDBOX_URL: api.baseUrl, WEBHOOK_RETRY_BASE_SECONDS: '0.3' });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await closeQueues();
});

async function addEndpoint(client: TestClient, url: string, events = ['call.completed']) {
  const res = await client.post('/api/webhook-endpoints', { url, events, description: 'CRM' });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as WebhookEndpoint;
}

const deliveries = async (client: TestClient, id: number) =>
  (await client.get(`/api/webhook-endpoints/${id}/deliveries`)).json as unknown as WebhookDelivery[];

describe('webhook endpoints API', () => {
  it('shows the secret only when made or rolled, and seals it at rest', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const made = await addEndpoint(client, 'https://crm.example.com/hooks');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(made).toMatchObject({
      url: 'https://crm.example.com/hooks',
      events: ['call.completed'],
      enabled: true,
    });

    const listed = (await client.get('/api/webhook-endpoints')).json as unknown as WebhookEndpoint[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    const row = await EndpointRow.findByPk(made.id);
    expect(row!.secretEncrypted).not.toContain(made.secret);
    expect(decryptSecret(row!.secretEncrypted)).toBe(made.secret);

    const rolled = await client.post(`/api/webhook-endpoints/${made.id}/roll-secret`);
    expect(rolled.status).toBe(200);
    expect(rolled.json.secret).toMatch(/^whsec_/);
    expect(rolled.json.secret).not.toBe(made.secret);

    const updated = await client.request('PUT', `/api/webhook-endpoints/${made.id}`, {
      enabled: false,
      events: ['campaign.updated', 'prospect.opted_out'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      enabled: false,
      events: ['campaign.updated', 'prospect.opted_out'],
    });
    expect(updated.json).not.toHaveProperty('secret');
  });

  it('refuses bad input, and more than 10 endpoints with 409', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const noUrl = await client.post('/api/webhook-endpoints', {
      url: 'ftp://x.example.com',
      events: ['call.completed'],
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json.fields?.url).toBe(WEBHOOK_URL_INVALID);
    const noEvents = await client.post('/api/webhook-endpoints', {
      url: 'https://a.example.com',
      events: [],
    });
    expect(noEvents.status).toBe(400);
    const unknown = await client.post('/api/webhook-endpoints', {
      url: 'https://a.example.com',
      events: ['x.y'],
    });
    expect(unknown.status).toBe(400);

    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await addEndpoint(client, `https://a${i}.example.com/h`);
    const over = await client.post('/api/webhook-endpoints', {
      url: 'https://b.example.com',
      events: ['call.completed'],
    });
    expect(over.status).toBe(409);
    expect(over.json.error).toBe(WEBHOOK_ENDPOINTS_FULL);
  });

  it("answers 404 for another user's endpoint, on every route", async () => {
    const owner = await registeredClient(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const { id } = await addEndpoint(owner.client, 'https://crm.example.com/hooks');
    const attempts = [
      other.client.request('PUT', `/api/webhook-endpoints/${id}`, { enabled: false }),
      other.client.request('DELETE', `/api/webhook-endpoints/${id}`),
      other.client.post(`/api/webhook-endpoints/${id}/roll-secret`),
      other.client.post(`/api/webhook-endpoints/${id}/test`),
      other.client.get(`/api/webhook-endpoints/${id}/deliveries`),
      other.client.post(`/api/webhook-endpoints/${id}/deliveries/1/resend`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await owner.client.get('/api/webhook-endpoints')).json).toHaveLength(1);
    expect((await other.client.get('/api/webhook-endpoints')).json).toEqual([]);
  });

  it('refuses plain http and private addresses when WEBHOOK_ALLOW_PRIVATE is off', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const receiver = await startWebhookReceiver([200]);
    const endpoint = await addEndpoint(client, receiver.url);
    const publicOnly = await addEndpoint(client, 'https://127.0.0.1:9/hooks');
    config.webhooks.allowPrivate = false;
    try {
      const http = await client.post('/api/webhook-endpoints', {
        url: receiver.url,
        events: ['call.completed'],
      });
      expect(http.status).toBe(400);
      for (const id of [endpoint.id, publicOnly.id]) {
        const test = await client.post(`/api/webhook-endpoints/${id}/test`);
        expect(test.status).toBe(200);
        expect(test.json).toMatchObject({ statusCode: null, deliveredAt: null });
        expect(test.json.error).toMatch(/^Refused: .*(not a public address|non-public address)/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      config.webhooks.allowPrivate = true;
      await receiver.close();
    }
  });
});

describe('webhook delivery', () => {
  it('retries a receiver answering 500 twice, then 200: three times the same event, signed as documented', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const receiver = await startWebhookReceiver([500, 500, 200]);
    const endpoint = await addEndpoint(client, receiver.url);
    const event = await writeWebhookEvent({
      userId: user.id,
      type: 'call.completed',
      sourceKey: `call.completed:test-${endpoint.id}`,
      data: async () => ({ id: 1, outcome: 'interested' }),
    });
    expect(event).not.toBeNull();
    await waitFor(() => receiver.received.length >= 3, 20_000, 'three deliveries');

    const verify = documentedVerifier();
    for (const { headers, body } of receiver.received) {
      expect(headers['ringcast-event-id']).toBe(event!.id);
      expect(JSON.parse(body)).toMatchObject({
        id: event!.id,
        type: 'call.completed',
        data: { outcome: 'interested' },
      });
      expect(verify(body, String(headers['ringcast-signature']), endpoint.secret!)).toBe(true);
      expect(verify(body, String(headers['ringcast-signature']), 'whsec_wrong')).toBe(false);
      expect(verify(`${body} `, String(headers['ringcast-signature']), endpoint.secret!)).toBe(false);
    }
    await waitFor(async () => (await deliveries(client, endpoint.id)).length === 3, 10_000, 'three log rows');
    const log = await deliveries(client, endpoint.id);
    expect(log.map((d) => [d.attempt, d.statusCode, Boolean(d.deliveredAt), Boolean(d.nextRetryAt)])).toEqual(
      [
        [3, 200, true, false],
        [2, 500, false, true],
        [1, 500, false, true],
      ],
    );
    expect(log[2]!.responseBody).toBe('answer 1: 500');
    expect(log.every((d) => d.type === 'call.completed' && d.eventId === event!.id)).toBe(true);

    // A second trigger of the same change writes no second event.
    expect(
      await writeWebhookEvent({
        userId: user.id,
        type: 'call.completed',
        sourceKey: `call.completed:test-${endpoint.id}`,
        data: async () => ({ id: 1 }),
      }),
    ).toBeNull();

    const resent = await client.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${log[1]!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ attempt: 4, statusCode: 200, eventId: event!.id });
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers['ringcast-event-id']).toBe(event!.id);
    await receiver.close();
  });

  it('rejects a signature older than 5 minutes with the documented snippet', async () => {
    const { signatureHeader } = await import('../src/services/webhooks');
    const verify = documentedVerifier();
    const body = '{"id":"evt_x"}';
    expect(verify(body, signatureHeader('whsec_k', body, new Date()), 'whsec_k')).toBe(true);
    const old = new Date(Date.now() - 6 * 60_000);
    expect(verify(body, signatureHeader('whsec_k', body, old), 'whsec_k')).toBe(false);
  });

  it('turns the endpoint off once an event has failed for its whole retry window', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const receiver = await startWebhookReceiver([503]);
    const endpoint = await addEndpoint(client, receiver.url);
    const window = config.webhooks.retryForMs;
    config.webhooks.retryForMs = 1; // Past at once: the first failure is the last.
    try {
      // Written directly (no job): this process's attempt, with its short window, is the only one.
      const event = await WebhookEvent.create({
        id: 'evt_disabletest' + endpoint.id,
        userId: user.id,
        type: 'call.completed',
        payload: { id: 2 },
      });
      expect((await attemptDelivery(event.id, endpoint.id, 1)).result).toBe('failed');
      expect((await EndpointRow.findByPk(endpoint.id))!.enabled).toBe(false);
    } finally {
      config.webhooks.retryForMs = window;
    }
    const listed = (await client.get('/api/webhook-endpoints')).json as unknown as WebhookEndpoint[];
    expect(listed[0]).toMatchObject({ enabled: false, disabledReason: DISABLED_FOR_FAILURES });
    const log = await deliveries(client, endpoint.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ statusCode: 503, nextRetryAt: null });
    // Its owner is emailed once, with where to turn it on again.
    const mails = (
      await getQueue('sendMail').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])
    ).filter((job) => job.data.id.startsWith(`webhook-disabled:${endpoint.id}:`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.to).toEqual([user.email.toLowerCase()]);
    expect(mails[0]!.data.text).toContain(receiver.url);
    expect(mails[0]!.data.text).toContain('HTTP 503');
    expect(mails[0]!.data.text).toContain('/account#integrations');
    await receiver.close();
  });
});

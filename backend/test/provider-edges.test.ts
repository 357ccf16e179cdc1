import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { createApp } from '../src/app';
import { closeQueues } from '../src/queues';

const servers: http.Server[] = [];
const keysFromEnvironment = { ...config.sandboxes };

afterEach(async () => {
  Object.assign(config.sandboxes, keysFromEnvironment);
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  await closeQueues();
});

/** The app as built with the provider keys `sandboxes` says are missing. */
async function appWith(sandboxes: typeof config.sandboxes): Promise<string> {
  Object.assign(config.sandboxes, sandboxes);
  const server = http.createServer(createApp().callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const askSandboxes = async (baseUrl: string) => ({
  // An account the Twilio sandbox was not told of: refused before anything else.
  twilio: await fetch(`${baseUrl}/sandbox/twilio/2010-04-01/Accounts/AC${'0'.repeat(32)}/Calls.json`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`AC${'0'.repeat(32)}:${'0'.repeat(32)}`).toString('base64')}`,
    },
  }),
  stripe: await fetch(`${baseUrl}/sandbox/stripe/v1/customers/cus_1`),
  openai: await fetch(`${baseUrl}/sandbox/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }),
});

describe('provider edges', () => {
  it('serves a sandbox only for a provider without keys', async () => {
    const sandboxed = await askSandboxes(
      await appWith({ openai: true, stripe: true, twilio: true, mail: true }),
    );
    // Each answers as its provider would: no API key given.
    expect(sandboxed.stripe.status).toBe(401);
    expect(((await sandboxed.stripe.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
    expect(sandboxed.openai.status).toBe(401);
    expect(sandboxed.twilio.status).toBe(401);
    expect(await sandboxed.twilio.json()).toMatchObject({ code: 20003 });

    const withKeys = await askSandboxes(
      await appWith({ openai: false, stripe: false, twilio: false, mail: false }),
    );
    expect(withKeys.stripe.status).toBe(404);
    expect(withKeys.openai.status).toBe(404);
    expect(withKeys.twilio.status).toBe(404);

    const mixed = await askSandboxes(
      await appWith({ openai: true, stripe: false, twilio: false, mail: false }),
    );
    expect(mixed.stripe.status).toBe(404);
    expect(mixed.openai.status).toBe(401);
  });

  it('checks a webhook signature only on the webhook route itself', async () => {
    const baseUrl = await appWith({ openai: true, stripe: true, twilio: true, mail: true });
    const unsigned = await fetch(`${baseUrl}/webhooks/stripe`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ error: 'Missing Stripe-Signature header' });
    // Not a route: no body is read and no signature asked for.
    expect((await fetch(`${baseUrl}/webhooks/stripe`)).status).toBe(405);
    expect((await fetch(`${baseUrl}/webhooks/other`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

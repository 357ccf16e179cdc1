import { describe, expect, it } from 'vitest';
import { validateInput } from './validate';
import {
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_URL_INVALID,
  isWebhookUrl,
  webhookEndpointSchemas,
} from './webhooks';

describe('isWebhookUrl', () => {
  it('takes https, and plain http only where local receivers are allowed', () => {
    expect(isWebhookUrl('https://crm.example.com/hooks?x=1', false)).toBe(true);
    expect(isWebhookUrl('http://crm.example.com/hooks', false)).toBe(false);
    expect(isWebhookUrl('http://127.0.0.1:4000/hooks', true)).toBe(true);
  });

  it('refuses what is not an absolute http(s) URL, and credentials in it', () => {
    for (const url of [
      'crm.example.com',
      'ftp://crm.example.com',
      'javascript:alert(1)',
      'https://u:p@x.com',
      '',
    ])
      expect(isWebhookUrl(url, true), url).toBe(false);
  });
});

describe('webhook endpoint schemas', () => {
  const { create, update } = webhookEndpointSchemas(false);

  it('needs a URL and at least one known event to create', async () => {
    const ok = await validateInput(create, { url: ' https://a.example.com/h ', events: ['call.completed'] });
    expect(ok).toMatchObject({
      ok: true,
      value: { url: 'https://a.example.com/h', events: ['call.completed'] },
    });
    const none = await validateInput(create, { url: 'https://a.example.com', events: [] });
    expect(none).toMatchObject({ ok: false, fields: { events: WEBHOOK_EVENTS_REQUIRED } });
    const http = await validateInput(create, { url: 'http://a.example.com', events: ['call.completed'] });
    expect(http).toMatchObject({ ok: false, fields: { url: WEBHOOK_URL_INVALID } });
    expect(
      await validateInput(create, { url: 'https://a.example.com', events: ['call.started'] }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('takes any of the fields to update, and a boolean for enabled', async () => {
    expect(await validateInput(update, { enabled: false })).toMatchObject({
      ok: true,
      value: { enabled: false },
    });
    expect(await validateInput(update, { enabled: 'no' })).toMatchObject({ ok: false });
    expect(await validateInput(update, { url: 'http://a.example.com' })).toMatchObject({ ok: false });
  });
});

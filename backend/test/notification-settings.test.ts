import { describe, expect, it } from 'vitest';
import {
  ALERT_RECIPIENTS_FULL,
  ALERT_RECIPIENT_INVALID,
  ALERT_RECIPIENT_REPEATED,
  INVALID_TIME_ZONE,
  UNSUBSCRIBE_INVALID,
} from '@ringcast/shared-types';
import { TestClient, registeredClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';
import { config } from '../src/config';
import { recipientUnsubscribeUrl, unsubscribeUrl } from '../src/services/notifications';

/** The mail a customer chooses (docs/notifications.md): settings, extra alert addresses, unsubscribe links. */
const api = useTestApi();

const putSettings = (client: TestClient, body: unknown) =>
  client.request('PUT', '/api/notification-settings', body);
const putRecipients = (client: TestClient, campaignId: number, body: unknown) =>
  client.request('PUT', `/api/campaigns/${campaignId}/alert-recipients`, body);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('GET/PUT /api/notification-settings', () => {
  it('starts at each call and every category on, and keeps what is saved', async () => {
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/notification-settings')).json).toEqual({
      leadAlerts: 'each',
      campaignEvents: true,
      ticketAnswers: true,
      timeZone: null,
    });
    const saved = {
      leadAlerts: 'digest',
      campaignEvents: false,
      ticketAnswers: true,
      timeZone: 'America/Denver',
    };
    const res = await putSettings(client, saved);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual(saved);
    // A save without a zone keeps the zone chosen before.
    await putSettings(client, { leadAlerts: 'off', campaignEvents: true, ticketAnswers: false });
    expect((await client.get('/api/notification-settings')).json).toEqual({
      leadAlerts: 'off',
      campaignEvents: true,
      ticketAnswers: false,
      timeZone: 'America/Denver',
    });
  });

  it.each([
    [{ leadAlerts: 'weekly', campaignEvents: true, ticketAnswers: true }, 'leadAlerts'],
    [{ leadAlerts: 'each', campaignEvents: 'yes', ticketAnswers: true }, 'campaignEvents'],
    [{ leadAlerts: 'each', campaignEvents: true }, 'ticketAnswers'],
    [{ leadAlerts: 'each', campaignEvents: true, ticketAnswers: true, timeZone: 'Mars/Olympus' }, 'timeZone'],
  ])('refuses %j (400 naming %s)', async (body, field) => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await putSettings(client, body);
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBeTruthy();
    if (field === 'timeZone') expect(res.json.fields?.timeZone).toBe(INVALID_TIME_ZONE);
  });

  it('needs a sign-in', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.get('/api/notification-settings')).status).toBe(401);
    expect(
      (await putSettings(client, { leadAlerts: 'off', campaignEvents: true, ticketAnswers: true })).status,
    ).toBe(401);
  });
});

describe('a campaign’s extra lead alert addresses', () => {
  it('are replaced whole, lower-cased, and read back', async () => {
    const { client, campaign } = await userWithDraft(api.baseUrl);
    const res = await putRecipients(client, campaign.id, {
      recipients: [' Sales@Example.com ', 'front@example.com'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      campaignId: campaign.id,
      recipients: ['sales@example.com', 'front@example.com'],
    });
    await putRecipients(client, campaign.id, { recipients: ['front@example.com'] });
    expect((await client.get(`/api/campaigns/${campaign.id}/alert-recipients`)).json).toEqual({
      campaignId: campaign.id,
      recipients: ['front@example.com'],
    });
  });

  it.each([
    [
      {
        recipients: [
          'a@example.com',
          'b@example.com',
          'c@example.com',
          'd@example.com',
          'e@example.com',
          'f@example.com',
        ],
      },
      ALERT_RECIPIENTS_FULL,
    ],
    [{ recipients: ['not an address'] }, ALERT_RECIPIENT_INVALID],
    [{ recipients: ['a@example.com', 'A@example.com'] }, ALERT_RECIPIENT_REPEATED],
  ])('refuses %j', async (body, message) => {
    const { client, campaign } = await userWithDraft(api.baseUrl);
    const res = await putRecipients(client, campaign.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it("answer 404 for another user's campaign", async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get(`/api/campaigns/${campaign.id}/alert-recipients`)).status).toBe(404);
    expect((await putRecipients(client, campaign.id, { recipients: ['x@example.com'] })).status).toBe(404);
  });
});

describe('POST /api/notification-settings/unsubscribe', () => {
  it('turns the link’s category off without a sign-in, and only that one', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const url = unsubscribeUrl(user.id, 'campaignEvents');
    expect(url).toMatch(new RegExp(`^${config.publicUrl}/unsubscribe\\?token=`));
    const visitor = new TestClient(api.baseUrl);
    const res = await visitor.post('/api/notification-settings/unsubscribe', { token: tokenOf(url) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      category: 'campaignEvents',
      message: 'You will no longer get campaign event emails.',
    });
    expect((await client.get('/api/notification-settings')).json).toMatchObject({
      leadAlerts: 'each',
      campaignEvents: false,
      ticketAnswers: true,
    });
    // Twice: the same answer, nothing more changed.
    expect(
      (await visitor.post('/api/notification-settings/unsubscribe', { token: tokenOf(url) })).status,
    ).toBe(200);
  });

  it('sets lead alerts to off', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    await new TestClient(api.baseUrl).post('/api/notification-settings/unsubscribe', {
      token: tokenOf(unsubscribeUrl(user.id, 'leadAlerts')),
    });
    expect(((await client.get('/api/notification-settings')).json as { leadAlerts: string }).leadAlerts).toBe(
      'off',
    );
  });

  it('takes an extra address off its campaign', async () => {
    const { client, campaign } = await userWithDraft(api.baseUrl);
    await putRecipients(client, campaign.id, { recipients: ['a@example.com', 'b@example.com'] });
    const res = await new TestClient(api.baseUrl).post('/api/notification-settings/unsubscribe', {
      token: tokenOf(recipientUnsubscribeUrl(campaign.id, 'a@example.com')),
    });
    expect(res.status, res.text).toBe(200);
    expect(
      ((await client.get(`/api/campaigns/${campaign.id}/alert-recipients`)).json as { recipients: string[] })
        .recipients,
    ).toEqual(['b@example.com']);
  });

  it('refuses a token it did not sign (400), changing nothing', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const [body] = tokenOf(unsubscribeUrl(user.id, 'ticketAnswers')).split('.');
    for (const token of [`${body}.forged`, 'nonsense', `${body}`]) {
      const res = await new TestClient(api.baseUrl).post('/api/notification-settings/unsubscribe', { token });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(UNSUBSCRIBE_INVALID);
    }
    expect(
      ((await client.get('/api/notification-settings')).json as { ticketAnswers: boolean }).ticketAnswers,
    ).toBe(true);
  });
});

describe('POST /unsubscribe (one-click from the List-Unsubscribe header)', () => {
  const oneClick = (url: string, origin?: string) =>
    fetch(url.replace(config.publicUrl, api.baseUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(origin ? { Origin: origin } : {}),
      },
      body: 'List-Unsubscribe=One-Click',
    });

  it('turns the category off from a mail provider’s POST, with no session, twice changing nothing', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const url = unsubscribeUrl(user.id, 'ticketAnswers');
    for (let i = 0; i < 2; i += 1) {
      const res = await oneClick(url, 'https://mail.example');
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ category: 'ticketAnswers' });
    }
    expect((await client.get('/api/notification-settings')).json).toMatchObject({
      campaignEvents: true,
      ticketAnswers: false,
    });
  });

  it('refuses a token we did not sign and changes nothing', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const forged = `${unsubscribeUrl(user.id, 'campaignEvents').slice(0, -4)}AAAA`;
    const res = await oneClick(forged);
    expect(res.status).toBe(400);
    expect((await client.get('/api/notification-settings')).json).toMatchObject({ campaignEvents: true });
  });
});

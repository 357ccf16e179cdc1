import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CallRecord } from '../src/db/models';
import { enqueue } from '../src/queues';
import { sendLeadAlerts } from '../src/services/notifications';
import { uniqueEmail } from './helpers/client';
import { ownerWithLiveCall, settle } from './helpers/leads';
import { mailTo, waitForMail } from './helpers/mail';
import { useTestApi } from './helpers/server';

/**
 * A lead alert end to end: the call settles, the worker's job waits for the summary, and each
 * recipient's mail goes through SMTP to the mail sandbox once, however often it is asked again.
 */
const api = useTestApi({ worker: true });

describe('a lead alert through SMTP', () => {
  it('reaches the owner and each extra address once, with the summary written after the call and the call’s link', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'interested');
    const extras = [uniqueEmail('front'), uniqueEmail('sales')];
    const res = await owner.client.request('PUT', `/api/campaigns/${owner.campaign.id}/alert-recipients`, {
      recipients: extras,
    });
    expect(res.status, res.text).toBe(200);
    // The agent talked: the summary is written by its own job a little after the call ends.
    await owner.call.update({ summary: null, relayStartedAt: new Date() });
    await settle(owner.call, owner.accountSid);
    await sleep(1500);
    const summary = 'Dana asked for a quote for the spring cleaning. She wants the price by Friday.';
    await CallRecord.update({ summary }, { where: { id: owner.call.id } });

    const link = `/campaigns/${owner.campaign.id}?call=${owner.call.id}`;
    for (const address of [owner.user.email, ...extras]) {
      const mail = await waitForMail(address, (m) => m.subject.startsWith('Interested: Dana Whitfield'));
      expect(mail.text).toContain(summary);
      expect(mail.links.some((url) => url.endsWith(link))).toBe(true);
      expect(mail.links.some((url) => url.includes('/unsubscribe?token='))).toBe(true);
      // The header mail clients turn into their own Unsubscribe button, one click (RFC 8058).
      expect(mail.listUnsubscribe).toMatch(/^<https?:\/\/\S+\/unsubscribe\?token=[^>\s]+>$/);
      expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    }

    // Asked again every way it can be: the settlement replayed, the job queued anew, its work run.
    await settle(owner.call, owner.accountSid);
    await enqueue('sendLeadAlerts', { callId: owner.call.id });
    await sendLeadAlerts(owner.call.id);
    await sleep(3000);
    for (const address of [owner.user.email, ...extras]) expect(await mailTo(address)).toHaveLength(1);
  });

  it('sends nothing when the owner turned lead alerts off', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'appointment_booked');
    await owner.client.request('PUT', '/api/notification-settings', {
      leadAlerts: 'off',
      campaignEvents: true,
      ticketAnswers: true,
    });
    await settle(owner.call, owner.accountSid);
    await sleep(3000);
    expect(await mailTo(owner.user.email)).toHaveLength(0);
  });
});

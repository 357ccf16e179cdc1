import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_DELETE_ERRORS,
  type AdminPayment,
  type Campaign as CampaignDto,
} from '@ringcast/shared-types';
import { config } from '../src/config';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, Invoice, Payment } from '../src/db/models';
import * as paymentCampaignName from '../src/db/migrations/0016-payment-campaign-name';
import { stripe } from '../src/providers/stripe';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { acquireCallSlot, accountsWithSlots, heldSlots } from '../src/services/calls/place';
import { applyCallEvents, reconcileCalls } from '../src/services/calls/events';
import { recordFailedPayment } from '../src/services/payments/recordFailedPayment';
import { deleteCampaign as del, putCampaign as put, userWithDraft } from './helpers/campaigns';
import { dialableCampaign, numbersEndingIn, TIME_SCALE, waitUntil } from './helpers/dialer';
import { finalStatusEvent } from './helpers/callEvents';
import { useDialerStack } from './helpers/dialerStack';
import { createIntent, ownerWithDraft, payWith, PRICED_DRAFT } from './helpers/payments';

/**
 * DESIGN decision 10: only a draft can be deleted, and not while one of its calls is in flight; a
 * deleted campaign's payments keep its name. Pacing slots: settling gives a call's slot back, and
 * the reconciler gives back the slots of calls that are settled or gone.
 */
const api = useDialerStack({
  workers: 1,
  admin: true,
  beforeClose: async () => {
    config.sandboxTimeScale = TIME_SCALE;
  },
});

const word = () => randomBytes(4).toString('hex');

const slotHeld = async (accountSid: string, callId: number) =>
  (await heldSlots(accountSid)).some((slot) => slot.member === String(callId));

/** A call record of the campaign as the dialer leaves it: in flight, or settled. */
function callOf(campaign: CampaignDto, accountSid: string, settled: boolean) {
  return CallRecord.create({
    campaignId: campaign.id,
    userId: campaign.userId,
    toNumber: numbersEndingIn([6])[0]!,
    fromNumber: '+12125550100',
    accountSid,
    status: settled ? 'completed' : 'in_progress',
    dialedAt: new Date(),
    providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    ...(settled ? { endedAt: new Date(), settledAt: new Date() } : {}),
  });
}

/** A draft ready for a test call: its owner's profile phone, and a number of our platform account. */
async function draftWithNumber() {
  const owner = await dialableCampaign(api.baseUrl, {
    numbers: numbersEndingIn([6]),
    state: 'draft',
    directList: true,
  });
  const { phoneNumber } = await twilioClient(platformTwilioAccount()).incomingPhoneNumbers.create({
    areaCode: '212',
  });
  await Campaign.update({ providedPhoneNumber: phoneNumber }, { where: { id: owner.campaign.id } });
  return owner;
}

describe('DELETE /api/campaigns/:id', () => {
  it.each(['active', 'paused', 'completed'] as const)(
    'refuses a %s campaign with 409 naming Pause; its records and payments stay',
    async (status) => {
      const { client, campaign } = await userWithDraft(api.baseUrl);
      const call = await callOf(campaign, platformTwilioAccount().accountSid, true);
      const payment = await Payment.create({
        userId: campaign.userId,
        campaignId: campaign.id,
        campaignName: campaign.name,
        paymentIntentId: `pi_test_${word()}`,
        amountCents: 25_000,
        status: 'succeeded',
      });
      await Campaign.update({ status, setupPaymentProcessed: true }, { where: { id: campaign.id } });

      const res = await del(client, campaign.id);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ error: CAMPAIGN_DELETE_ERRORS.notDeletable, code: 'conflict' });
      expect(res.json.error).toContain('Pause');
      expect((await Campaign.findByPk(campaign.id))?.status).toBe(status);
      expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(1);
      expect((await CallRecord.findByPk(call.id))?.settledAt).not.toBeNull();
      await payment.reload();
      expect(payment.campaignId).toBe(campaign.id);
    },
  );

  it('deletes a canceled campaign: its payments keep its name, its invoices stay', async () => {
    const { client, campaign } = await userWithDraft(api.baseUrl);
    const payment = await Payment.create({
      userId: campaign.userId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      paymentIntentId: `pi_test_${word()}`,
      amountCents: 25_000,
      status: 'succeeded',
    });
    const invoice = await Invoice.create({
      id: `in_test_${word()}`,
      userId: campaign.userId,
      campaignId: campaign.id,
      status: 'paid',
      totalCents: 25_000,
      amountPaidCents: 25_000,
      amountDueCents: 0,
      stripeCreatedAt: new Date(),
    });
    await Campaign.update(
      { status: 'canceled', setupPaymentProcessed: true, canceledAt: new Date() },
      { where: { id: campaign.id } },
    );

    expect((await del(client, campaign.id)).status).toBe(204);
    expect(await Campaign.count({ where: { id: campaign.id } })).toBe(0);
    await payment.reload();
    expect(payment).toMatchObject({ campaignId: null, campaignName: campaign.name });
    await invoice.reload();
    expect(invoice).toMatchObject({ campaignId: null, totalCents: 25_000, status: 'paid' });
  });

  it('cancels a deleted draft’s open checkout subscription at Stripe (its invoice voided)', async () => {
    const { client, campaign } = await ownerWithDraft(api.baseUrl, PRICED_DRAFT);
    const intent = await createIntent(client, campaign.id);
    expect(intent.status, intent.text).toBe(200);
    const { stripeSubscriptionId } = await Campaign.findByPk(campaign.id, { rejectOnEmpty: true });
    expect((await stripe().subscriptions.retrieve(stripeSubscriptionId!)).status).toBe('incomplete');

    expect((await del(client, campaign.id)).status).toBe(204);
    const subscription = await stripe().subscriptions.retrieve(stripeSubscriptionId!, {
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('canceled');
    expect((subscription.latest_invoice as { status: string }).status).toBe('void');
  });

  it('refuses a draft while its test call is live (its slot held); the call settles through its callbacks, gives the slot back, and the draft is deleted', async () => {
    const { client, campaign } = await draftWithNumber();
    const platform = platformTwilioAccount();

    // Played in real time, so the call is still live when the delete comes; hung up below.
    config.sandboxTimeScale = 1;
    const placed = await client.post('/api/test-campaign', { campaignId: campaign.id });
    config.sandboxTimeScale = TIME_SCALE;
    expect(placed.status, placed.text).toBe(200);
    const call = (await CallRecord.findOne({ where: { campaignId: campaign.id, test: true } }))!;
    expect(call.settledAt).toBeNull();
    expect(call.providerCallSid).toMatch(/^CA/);
    expect(await slotHeld(platform.accountSid, call.id)).toBe(true);

    const refused = await del(client, campaign.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(CAMPAIGN_DELETE_ERRORS.callInProgress);
    expect(await Campaign.count({ where: { id: campaign.id } })).toBe(1);
    expect(await CallRecord.count({ where: { id: call.id } })).toBe(1);

    // Twilio's final callback goes through the webhook and the worker's consumer, which settles it.
    await twilioClient(platform).calls(call.providerCallSid!).update({ status: 'completed' });
    await waitUntil(async () => (await CallRecord.findByPk(call.id))?.settledAt, 'the call to settle');
    await expect.poll(() => slotHeld(platform.accountSid, call.id)).toBe(false);

    expect((await del(client, campaign.id)).status).toBe(204);
    expect(await Campaign.count({ where: { id: campaign.id } })).toBe(0);
  }, 60_000);

  it('a test call asked for while the draft is being deleted is refused with 404, never left without its campaign', async () => {
    const { client, campaign } = await draftWithNumber();
    const deleting = await sequelize.transaction();
    try {
      // The delete holds the campaign's row, as deleteCampaign does, until it commits.
      await Campaign.findByPk(campaign.id, { lock: true, transaction: deleting });
      const asked = client.post('/api/test-campaign', { campaignId: campaign.id });
      // The test call's insert waits for that row (its foreign key's check).
      await expect
        .poll(
          async () =>
            (
              await sequelize.query<{ trx_query: string | null }>(
                "SELECT trx_query FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'",
                { type: QueryTypes.SELECT },
              )
            ).map((trx) => trx.trx_query),
          // InnoDB refreshes this table only when it was not read for 100 ms.
          { timeout: 10_000, interval: 250 },
        )
        .toContainEqual(expect.stringContaining('INSERT INTO `call_records`'));
      await Campaign.destroy({ where: { id: campaign.id }, transaction: deleting });
      await deleting.commit();
      const res = await asked;
      expect(res.status, res.text).toBe(404);
      expect(res.json.error).toBe('Campaign not found');
    } finally {
      if (!(deleting as unknown as { finished?: string }).finished) await deleting.rollback();
    }
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("keeps a deleted draft's payments with its name, shown on the admin Payments tab", async () => {
    const { client, campaign } = await ownerWithDraft(api.baseUrl, {
      ...PRICED_DRAFT,
      name: `Spring ${word()}`,
    });
    const intent = await createIntent(client, campaign.id);
    expect(intent.status, intent.text).toBe(200);
    await payWith(intent.intent.paymentIntentId, 'pm_card_chargeDeclined').catch(() => undefined);
    // The webhook's job may have recorded it already: either way one row, with the name.
    await recordFailedPayment(intent.intent.paymentIntentId);
    const payment = (await Payment.findOne({ where: { paymentIntentId: intent.intent.paymentIntentId } }))!;
    expect(payment).toMatchObject({ status: 'failed', campaignId: campaign.id, campaignName: campaign.name });

    // Renamed, then deleted: the payment keeps the name it last had.
    const name = `Spring recall ${word()}`;
    expect((await put(client, campaign.id, { name })).status).toBe(200);
    expect((await del(client, campaign.id)).status).toBe(204);
    await payment.reload();
    expect(payment).toMatchObject({ campaignId: null, campaignName: name });

    const res = await api.admin.get(`/api/admin/payments?q=${encodeURIComponent(name)}`);
    const found = res.json as unknown as AdminPayment[];
    expect(found.map((p) => p.paymentIntentId)).toEqual([payment.paymentIntentId]);
    expect(found[0]).toMatchObject({ campaignName: name, campaignDeleted: true, status: 'failed' });
  });

  it('the migration gives every existing payment its campaign’s name', async () => {
    const { campaign } = await userWithDraft(api.baseUrl, { name: `Autumn ${word()}`, type: 'quote' });
    const qi = sequelize.getQueryInterface();
    const intents = [`pi_test_${word()}`, `pi_test_${word()}`];
    await paymentCampaignName.down({ context: qi });
    try {
      await sequelize.query(
        `INSERT INTO payments (userId, campaignId, paymentIntentId, amountCents, currency, status, createdAt, updatedAt)
         VALUES (:userId, :campaignId, :a, 25000, 'usd', 'succeeded', NOW(3), NOW(3)),
                (:userId, NULL, :b, 25000, 'usd', 'succeeded', NOW(3), NOW(3))`,
        { replacements: { userId: campaign.userId, campaignId: campaign.id, a: intents[0], b: intents[1] } },
      );
    } finally {
      await paymentCampaignName.up({ context: qi });
    }
    const [withCampaign, without] = await Promise.all(
      intents.map((paymentIntentId) => Payment.findOne({ where: { paymentIntentId } })),
    );
    expect(withCampaign?.campaignName).toBe(campaign.name);
    expect(without?.campaignName).toBeNull();
  });
});

describe('pacing slots', () => {
  /** An account of its own, so no other call of the run takes or frees its slots. */
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const limits = { cps: 1000, maxConcurrent: 10 };

  const takeSlot = (callId: number) =>
    expect.poll(() => acquireCallSlot(accountSid, callId, limits), { timeout: 5_000, interval: 5 }).toBe(0);

  it('the reconciler gives back the slots of settled and deleted calls and keeps a live call’s; settling gives its slot back', async () => {
    const { campaign } = await userWithDraft(api.baseUrl);
    const settled = await callOf(campaign, accountSid, true);
    const live = await callOf(campaign, accountSid, false);
    const deleted = await callOf(campaign, accountSid, false);
    for (const call of [settled, live, deleted]) await takeSlot(call.id);
    // Gone with its campaign, as a delete before this change left it.
    await sequelize.query('DELETE FROM call_records WHERE id = ?', { replacements: [deleted.id] });
    expect(await accountsWithSlots()).toContain(accountSid);

    await reconcileCalls();
    expect(await slotHeld(accountSid, settled.id)).toBe(false);
    expect(await slotHeld(accountSid, deleted.id)).toBe(false);
    expect(await slotHeld(accountSid, live.id)).toBe(true);

    // The live call's final callback settles it, and the settlement gives the slot back.
    const result = await applyCallEvents([finalStatusEvent(live, accountSid, { callDuration: 12 })]);
    expect(result.outcomes.applied).toBe(1);
    expect((await CallRecord.findByPk(live.id))?.settledAt).not.toBeNull();
    await expect.poll(() => slotHeld(accountSid, live.id)).toBe(false);
    // An account left without slots drops out of the sweep.
    await reconcileCalls();
    expect(await accountsWithSlots()).not.toContain(accountSid);
  });

  it('runs at least once a minute', async () => {
    const { JOB_TABLE } = await import('../src/queues/jobTable');
    expect(JOB_TABLE.reconcileCalls.schedule?.everyMs).toBeLessThanOrEqual(60_000);
  });
});

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventType } from '@ringcast/shared-types';
import { CallRecord, Campaign, CampaignProspect, Prospect, ProspectList } from '../src/db/models';
import { WebhookEvent } from '../src/db/models/webhooks';
import { sequelize } from '../src/db/sequelize';
import { CALL_EXPORT_FIELDS, CALL_EXPORT_HEADERS, analysisExportHeaders } from '../src/presenters/callExport';
import { getQueue } from '../src/queues';
import { platformTwilioAccount } from '../src/providers/twilio';
import { applyCallEvents } from '../src/services/calls/events';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { emitCallWebhooks } from '../src/services/webhooks';
import { finalStatusEvent } from './helpers/callEvents';
import { userWithDraft } from './helpers/campaigns';
import type { TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/**
 * The events a campaign's life writes (docs/webhooks.md): call.completed and appointment.booked
 * when a call settles, campaign.updated on a status change, prospect.opted_out on a do-not-call
 * addition. No worker runs here: the events are read from their table, and the call's job from
 * the real queue.
 */
const api = useTestApi();
const word = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  await getQueue('emitCallWebhooks').drain(true);
});

async function endpointFor(client: TestClient, events: WebhookEventType[]) {
  const res = await client.post('/api/webhook-endpoints', { url: 'https://crm.example.com/hooks', events });
  expect(res.status, res.text).toBe(201);
}

const eventsOf = (userId: number, type: WebhookEventType) =>
  WebhookEvent.findAll({ where: { userId, type }, order: [['createdAt', 'ASC']] });

/** An owner with a campaign, a prospect of it in New York, and an answered call to them. */
async function ownerWithLiveCall(outcome: CallRecord['outcome']) {
  const owner = await userWithDraft(api.baseUrl);
  const list = await ProspectList.create({
    userId: owner.user.id,
    name: `Leads ${word()}`,
    storedFileName: `leads-${word()}.csv`,
    status: 'ready',
  });
  const phoneNumber = `+1212555${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const prospect = await Prospect.create({
    prospectListId: list.id,
    phoneNumber,
    name: 'Dana Whitfield',
    timeZone: 'America/New_York',
  });
  await CampaignProspect.create({ campaignId: owner.campaign.id, prospectId: prospect.id, phoneNumber });
  const { accountSid } = platformTwilioAccount();
  const call = await CallRecord.create({
    campaignId: owner.campaign.id,
    userId: owner.user.id,
    prospectId: prospect.id,
    attempt: 1,
    toNumber: phoneNumber,
    fromNumber: '+12125550100',
    accountSid,
    status: 'in_progress',
    answeredBy: 'human',
    dialedAt: new Date(),
    startedAt: new Date(),
    outcome,
    summary: 'Dana booked a visit for Friday at 10. She asked for a reminder the day before.',
    providerCallSid: `CA${randomBytes(16).toString('hex')}`,
  });
  return { ...owner, call, accountSid, prospect };
}

describe('call events', () => {
  it('writes call.completed and appointment.booked once, with the fields of the call log CSV', async () => {
    const owner = await ownerWithLiveCall('appointment_booked');
    await endpointFor(owner.client, ['call.completed', 'appointment.booked']);
    await applyCallEvents([finalStatusEvent(owner.call, owner.accountSid)]);
    await waitFor(
      async () =>
        Boolean(
          await getQueue('emitCallWebhooks').getJob(`call-webhooks-${owner.call.id}-appointment_booked`),
        ),
      10_000,
      'the call webhooks job',
    );

    // The job's work, run twice (a retry, a second ask): each event once.
    expect(await emitCallWebhooks(owner.call.id)).toEqual({ step: 'done', events: 2 });
    expect(await emitCallWebhooks(owner.call.id)).toEqual({ step: 'done', events: 0 });
    const [completed, ...more] = await eventsOf(owner.user.id, 'call.completed');
    expect(more).toHaveLength(0);
    expect(await eventsOf(owner.user.id, 'appointment.booked')).toHaveLength(1);

    const data = completed!.payload;
    expect(Object.keys(data).sort()).toEqual(
      [...CALL_EXPORT_FIELDS.map((f) => f.key), 'campaignName', 'analysis'].sort(),
    );
    expect(data).toMatchObject({
      id: owner.call.id,
      campaignId: owner.campaign.id,
      campaignName: owner.campaign.name,
      status: 'completed',
      outcome: 'appointment_booked',
      summary: 'Dana booked a visit for Friday at 10. She asked for a reminder the day before.',
      prospectName: 'Dana Whitfield',
      number: owner.prospect.phoneNumber,
      test: false,
    });
    expect(data).toHaveProperty('endedBy');
    expect(data).toHaveProperty('endedReason');
    expect(data.transcriptUrl).toMatch(
      new RegExp(`/campaigns/${owner.campaign.id}\\?call=${owner.call.id}$`),
    );

    // The CSV export has a column for each of the same fields, and the same values.
    const csv = await owner.client.get(`/api/campaigns/${owner.campaign.id}/calls.csv`);
    const [header, row] = csv.text.trim().split(/\r?\n/);
    // Then the analysis columns: the campaign defines no fields, so the sentiment and the goal.
    expect(header).toBe([...CALL_EXPORT_HEADERS, ...analysisExportHeaders([])].join(','));
    expect(row).toContain(`,${data.id},${data.campaignId},${data.transcriptUrl}`);
    expect(row!.startsWith(`${data.createdAt},${data.prospectTime},Outbound,Dana Whitfield,`)).toBe(true);
  });

  it('writes nothing, and queues nothing, for an owner without endpoints', async () => {
    const owner = await ownerWithLiveCall('interested');
    await applyCallEvents([finalStatusEvent(owner.call, owner.accountSid)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await getQueue('emitCallWebhooks').getJob(`call-webhooks-${owner.call.id}-interested`),
    ).toBeUndefined();
    await emitCallWebhooks(owner.call.id);
    expect(await eventsOf(owner.user.id, 'call.completed')).toHaveLength(0);
  });
});

describe('campaign.updated and prospect.opted_out', () => {
  it('writes campaign.updated for each status change, with the campaign and its previous status', async () => {
    const owner = await ownerWithLiveCall(null);
    await endpointFor(owner.client, ['campaign.updated']);
    const campaign = (await Campaign.findByPk(owner.campaign.id))!;
    await sequelize.transaction(async (transaction) => {
      await campaign.update({ status: 'active' }, { transaction });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Not before the change commits.
      expect(await eventsOf(owner.user.id, 'campaign.updated')).toHaveLength(0);
    });
    await campaign.update({ name: `Renamed ${word()}` });
    await campaign.update({ status: 'paused' });
    await waitFor(
      async () => (await eventsOf(owner.user.id, 'campaign.updated')).length >= 2,
      10_000,
      'two events',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const events = await eventsOf(owner.user.id, 'campaign.updated');
    expect(events.map((e) => [e.payload.previousStatus, e.payload.status])).toEqual([
      ['draft', 'active'],
      ['active', 'paused'],
    ]);
    expect(events[0]!.payload).toMatchObject({ id: owner.campaign.id, userId: owner.user.id });
    expect(events[1]!.payload).toMatchObject({
      id: owner.campaign.id,
      name: campaign.name,
      status: 'paused',
    });
  });

  it("writes prospect.opted_out once per number of the owner's prospects added to their list", async () => {
    const owner = await ownerWithLiveCall(null);
    await endpointFor(owner.client, ['prospect.opted_out']);
    const add = () =>
      sequelize.transaction((transaction) =>
        addToDoNotCall(
          { userId: owner.user.id },
          [owner.prospect.phoneNumber, '+13125550199'],
          { reason: 'Asked on the call', source: 'agent', callRecordId: owner.call.id },
          transaction,
        ),
      );
    await add();
    await waitFor(
      async () => (await eventsOf(owner.user.id, 'prospect.opted_out')).length >= 1,
      10_000,
      'event',
    );
    await add();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = await eventsOf(owner.user.id, 'prospect.opted_out');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      phoneNumber: owner.prospect.phoneNumber,
      source: 'agent',
      prospects: [
        {
          campaignId: owner.campaign.id,
          campaignName: owner.campaign.name,
          prospectId: owner.prospect.id,
          name: 'Dana Whitfield',
          state: 'opted_out',
        },
      ],
    });
  });
});

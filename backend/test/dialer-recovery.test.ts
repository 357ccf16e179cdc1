import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, CampaignProspect } from '../src/db/models';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { reconcileCalls, answerMachine } from '../src/services/calls/events';
import { placeTestCall, campaignNumberName, provisionPhoneNumber } from '../src/services/calls/place';
import { seedCampaignProspects } from '../src/services/calls/dispatch';
import { registeredClient } from './helpers/client';
import {
  callsOf,
  campaignCompleted,
  dialableCampaign,
  numbersEndingIn,
  statisticsMismatch,
  waitUntil,
} from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { inboundCallUrl, inboundStatusUrl } from '../src/telephony/callUrls';

/** A worker killed mid-run, half-placed calls, and the test call. */
const api = useDialerStack({
  workers: 2,
  // The reconciler every 3 s, judging a call half-placed after 8 s, and a killed worker's jobs
  // taken over within 20 s (30 s, 60 s and 60 s by default).
  workerEnv: {
    JOB_LOCK_SECONDS: '10',
    TWILIO_CPS: '10',
    TWILIO_MAX_CONCURRENT_CALLS: '6',
    RECONCILE_EVERY_SECONDS: '3',
    HALF_PLACED_AFTER_SECONDS: '8',
  },
});
const workers = api.workers;

describe('a worker killed mid-run', () => {
  it('calls no prospect twice and skips none after SIGKILL and a restart', async () => {
    const numbers = numbersEndingIn([6, 7, 5, 9, 0, 1, 2, 5, 6, 7, 5, 9, 6, 7, 5, 9]);
    const { campaign } = await dialableCampaign(api.baseUrl, { numbers, maxConcurrentCalls: 6 });
    await waitUntil(
      async () => (await CallRecord.count({ where: { campaignId: campaign.id } })) >= 4,
      'calls',
    );
    const killed = workers.slice(0, 2).map(({ child }) => child);
    for (const child of killed) child.kill('SIGKILL');
    await Promise.all(
      killed.map((child) =>
        child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null,
      ),
    );
    workers.splice(0, 2, await api.spawnWorker(), await api.spawnWorker());

    // A call killed between "dialing" and storing its CallSid waits for the reconciler: 8 s
    // before it counts as half-placed, plus up to one 3 s interval of its scheduler. The wait is
    // long for a busy machine: two new workers start, and the retries of busy numbers follow.
    await campaignCompleted(campaign.id, 150_000);
    const calls = await callsOf(campaign.id);
    const placed = calls.filter((c) => c.dialedAt !== null);
    const perProspect = new Map<number, number>();
    for (const call of placed)
      perProspect.set(call.prospectId!, (perProspect.get(call.prospectId!) ?? 0) + 1);
    expect([...perProspect.values()].every((n) => n === 1)).toBe(true);
    expect(perProspect.size).toBe(numbers.length);
    const states = await CampaignProspect.findAll({ where: { campaignId: campaign.id } });
    expect(states.every((p) => p.state === 'done' || p.state === 'opted_out')).toBe(true);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  }, 240_000);
});

/** A call its process left between dialing and storing the CallSid. */
async function halfPlaced(lastDigit: number, existsAtTwilio: boolean) {
  const [toNumber] = numbersEndingIn([lastDigit]);
  const { campaign, prospectListId } = await dialableCampaign(api.baseUrl, {
    numbers: [toNumber],
    state: 'draft',
  });
  // Our platform account places calls only from a number it owns.
  const { phoneNumber: fromNumber } = await twilioClient(platformTwilioAccount()).incomingPhoneNumbers.create(
    {
      areaCode: '212',
    },
  );
  await Campaign.update({ providedPhoneNumber: fromNumber }, { where: { id: campaign.id } });
  expect(await seedCampaignProspects(campaign.id)).toBe('seeded');
  const [prospect] = await sequelize.query<{ id: number }>(
    'SELECT id FROM prospects WHERE prospectListId = ?',
    { replacements: [prospectListId], type: QueryTypes.SELECT },
  );
  await CampaignProspect.update(
    { state: 'in_call', nextAttemptAt: null, attempts: 1 },
    { where: { campaignId: campaign.id, prospectId: prospect.id } },
  );
  const dialedAt = new Date(Date.now() - 5_000);
  if (existsAtTwilio) {
    await twilioClient(platformTwilioAccount()).calls.create({
      to: toNumber,
      from: fromNumber,
      twiml: '<Response><Say>Hello there.</Say></Response>',
    });
  }
  const call = await CallRecord.create({
    campaignId: campaign.id,
    userId: campaign.userId,
    prospectId: prospect.id,
    toNumber,
    fromNumber,
    accountSid: platformTwilioAccount().accountSid,
    status: 'dialing',
    dialedAt,
  });
  return { call, campaign, prospectId: prospect.id };
}

describe('reconciliation of a call left half-placed', () => {
  it('attaches the call Twilio has, and follows it to its end', async () => {
    const { call } = await halfPlaced(6, true);
    const summary = await reconcileCalls(new Date(), { halfPlacedAfterMs: 1_000 });
    expect(summary.attached).toBeGreaterThanOrEqual(1);
    const attached = await CallRecord.findByPk(call.id);
    expect(attached!.providerCallSid).toMatch(/^CA/);
  });

  it('settles a call Twilio never got as never placed, and puts its prospect back in line', async () => {
    const { call, campaign, prospectId } = await halfPlaced(7, false);
    const summary = await reconcileCalls(new Date(), { halfPlacedAfterMs: 1_000 });
    expect(summary.neverPlaced).toBeGreaterThanOrEqual(1);
    const settled = await CallRecord.findByPk(call.id);
    expect(settled).toMatchObject({ status: 'canceled', dialedAt: null });
    expect(settled!.settledAt).not.toBeNull();
    const prospect = await CampaignProspect.findOne({ where: { campaignId: campaign.id, prospectId } });
    expect(prospect!.state).toBe('pending');
    expect(prospect!.nextAttemptAt).not.toBeNull();
    expect((await Campaign.findByPk(campaign.id))!.totalCalls).toBe(0);
  });
});

describe('a machine answered, but the call ended before the voicemail', () => {
  it('leaves the call alone instead of failing (Twilio: call not in progress)', async () => {
    const { call } = await halfPlaced(0, false);
    const twilio = twilioClient(platformTwilioAccount());
    const placed = await twilio.calls.create({
      to: call.toNumber,
      from: call.fromNumber!,
      twiml: '<Response><Say>Hello there.</Say></Response>',
    });
    await waitUntil(async () => (await twilio.calls(placed.sid).fetch()).status === 'busy', 'the busy end');
    await call.update({ providerCallSid: placed.sid, status: 'in_progress', answeredBy: 'machine' });
    expect(await answerMachine(call.id)).toBe('skipped');
  });
});

describe('buying a campaign number', () => {
  it('attaches a number already bought for the campaign (a run killed after buying) instead of buying another', async () => {
    const { campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'draft',
    });
    await Campaign.update({ setupPaymentProcessed: true }, { where: { id: campaign.id } });
    const bought = await twilioClient(platformTwilioAccount()).incomingPhoneNumbers.create({
      areaCode: '212',
      friendlyName: campaignNumberName(campaign.id),
    });
    expect(await provisionPhoneNumber(campaign.id)).toBe('found');
    expect(await provisionPhoneNumber(campaign.id)).toBe('not_needed');
    const stored = await Campaign.findByPk(campaign.id);
    expect(stored).toMatchObject({
      providedPhoneNumber: bought.phoneNumber,
      setupPhoneNumberConfigured: true,
    });
    const owned = await twilioClient(platformTwilioAccount()).incomingPhoneNumbers.list({
      friendlyName: campaignNumberName(campaign.id),
    });
    expect(owned).toHaveLength(1);
    // Bought without its webhooks (the run died first): its calls now ring the campaign's agent.
    expect(bought.voiceUrl).toBeNull();
    expect(owned[0]).toMatchObject({
      voiceUrl: inboundCallUrl(),
      voiceMethod: 'POST',
      statusCallback: inboundStatusUrl(),
    });
  });

  it('buys a number for each campaign of an area code bought at the same moment, none failing on a number taken meanwhile', async () => {
    const campaigns = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        const { campaign } = await dialableCampaign(api.baseUrl, {
          numbers: numbersEndingIn([6]),
          state: 'draft',
          areaCode: '716',
        });
        await Campaign.update({ setupPaymentProcessed: true }, { where: { id: campaign.id } });
        return campaign;
      }),
    );
    const outcomes = await Promise.all(campaigns.map((campaign) => provisionPhoneNumber(campaign.id)));
    expect(outcomes).toEqual(campaigns.map(() => 'bought'));
    const stored = await Campaign.findAll({ where: { id: campaigns.map((c) => c.id) } });
    const numbers = stored.map((campaign) => campaign.providedPhoneNumber);
    expect(numbers.every((n) => n?.startsWith('+1716'))).toBe(true);
    expect(new Set(numbers).size).toBe(campaigns.length);
  });
});

describe('a write of placing a call picked as a deadlock victim', () => {
  /** As Sequelize raises a deadlock: the driver's error, errno 1213, under `original`. */
  const deadlock = () =>
    Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
      original: { errno: 1213 },
    });

  it('is run again: the call is placed once and keeps its CallSid', async () => {
    const { campaign, client } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'setup_incomplete',
    });
    await waitUntil(async () => (await Campaign.findByPk(campaign.id))?.providedPhoneNumber, 'a number');
    const [phoneNumber] = numbersEndingIn([9]);
    // Test calls ring only the owner's own phones: this one is saved as a test number.
    expect((await client.post('/api/test-numbers', { phoneNumber })).status).toBe(201);
    // The claim (queued -> dialing) and the CallSid's store each lose once, as the database's
    // victim would: rolled back, nothing written.
    const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
    const lost = new Set<string>();
    const spy = vi.spyOn(sequelize, 'query').mockImplementation(((...args: unknown[]) => {
      const sql = String(args[0]);
      const write = ["SET status = 'dialing'", 'SET providerCallSid'].find((w) => sql.includes(w));
      if (write && !lost.has(write)) {
        lost.add(write);
        return Promise.reject(deadlock());
      }
      return query(...args);
    }) as typeof sequelize.query);
    let answer;
    try {
      answer = await placeTestCall(campaign.userId, { campaignId: campaign.id, phoneNumber });
    } finally {
      spy.mockRestore();
    }
    expect(lost.size).toBe(2);
    expect(answer).toEqual({ campaign: { id: campaign.id }, webhook: { status: 'queued' } });
    const call = await CallRecord.findOne({ where: { campaignId: campaign.id, test: true } });
    expect(call!.providerCallSid).toMatch(/^CA/);
    const atTwilio = await twilioClient(platformTwilioAccount()).calls.list({ to: phoneNumber });
    expect(atTwilio.map((c) => c.sid)).toEqual([call!.providerCallSid]);
  }, 60_000);
});

describe('POST /api/test-campaign', () => {
  it('calls the owner’s test number now; one that reaches a person completes Testing and counts nowhere', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'setup_incomplete',
    });
    await waitUntil(async () => (await Campaign.findByPk(campaign.id))?.providedPhoneNumber, 'a number');
    const [phoneNumber] = numbersEndingIn([8]);
    expect((await client.post('/api/test-numbers', { phoneNumber })).status).toBe(201);
    const res = await client.post('/api/test-campaign', { campaignId: campaign.id, phoneNumber });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ campaign: { id: campaign.id }, webhook: { status: 'queued' } });
    const tested = await waitUntil(async () => {
      const row = await Campaign.findByPk(campaign.id);
      return row?.setupTestingCompleted ? row : null;
    }, 'the Testing step');
    const testCall = await CallRecord.findOne({ where: { campaignId: campaign.id, test: true } });
    expect(testCall).toMatchObject({ toNumber: phoneNumber, status: 'completed', answeredBy: 'human' });
    expect(tested.totalCalls).toBe(0);
    expect(tested.totalCost).toBe('0.00');
  }, 60_000);

  it('refuses a bad number, and someone else’s campaign', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'draft',
    });
    const bad = await client.post('/api/test-campaign', { campaignId: campaign.id, phoneNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Please enter a valid phone number');
    const stranger = await registeredClient(api.baseUrl);
    const foreign = await stranger.client.post('/api/test-campaign', { campaignId: campaign.id });
    expect(foreign.status).toBe(404);
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
  });
});

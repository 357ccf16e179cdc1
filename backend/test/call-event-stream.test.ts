import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Redis } from 'ioredis';
import type { CallEventPayload } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { createRedis } from '../src/redis';
import { platformTwilioAccount } from '../src/providers/twilio';
import { signTwilioRequest } from '../src/telephony/signature';
import {
  applyCallEvents,
  CALL_EVENTS_GROUP,
  CALL_EVENTS_STREAM,
  FAILED_CALL_EVENTS_STREAM,
  claimStaleEvents,
  ensureCallEventsGroup,
  readNewEvents,
  processDelivery,
  startCallEventConsumer,
} from '../src/services/calls/events';
import { flushChangedCampaigns } from '../src/services/calls/read';
import { dialableCampaign, numbersEndingIn, statisticsMismatch, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { shuffled } from './helpers/shuffled';

/**
 * Status and AMD callbacks from the webhook to the call records through the call events' stream:
 * appended on the request path, applied by consumers in batches, each event counted once however
 * often and in whatever order it is delivered, and a consumer's unacknowledged events taken over.
 * The api runs in this process and no worker does, so every delivery here is driven by the test.
 */
const api = useDialerStack({
  beforeClose: async () => {
    await flushChangedCampaigns();
    await redis?.quit();
  },
});
let redis: Redis;
const account = platformTwilioAccount();

beforeAll(async () => {
  redis = createRedis();
  await ensureCallEventsGroup(redis);
});

/** `count` calls of a new campaign, dialed and waiting for their callbacks. */
async function dialingCalls(count: number) {
  const { campaign } = await dialableCampaign(api.baseUrl, {
    numbers: numbersEndingIn([6]),
    state: 'draft',
    directList: true,
  });
  const calls = await CallRecord.bulkCreate(
    numbersEndingIn(Array.from({ length: count }, () => 6)).map((toNumber) => ({
      campaignId: campaign.id,
      userId: campaign.userId,
      toNumber,
      fromNumber: '+12125550100',
      accountSid: account.accountSid,
      status: 'dialing' as const,
      dialedAt: new Date(),
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    })),
  );
  return { campaign, calls };
}

/** A person answers and stays 31 s: four status callbacks and AMD's answer. */
function callbacksOf(call: CallRecord): { kind: 'status' | 'amd'; params: Record<string, string> }[] {
  const base = { CallSid: call.providerCallSid!, AccountSid: account.accountSid };
  return [
    { kind: 'status', params: { ...base, CallStatus: 'initiated', SequenceNumber: '0' } },
    { kind: 'status', params: { ...base, CallStatus: 'ringing', SequenceNumber: '1' } },
    { kind: 'status', params: { ...base, CallStatus: 'in-progress', SequenceNumber: '2' } },
    { kind: 'amd', params: { ...base, AnsweredBy: 'human' } },
    {
      kind: 'status',
      params: {
        ...base,
        CallStatus: 'completed',
        SequenceNumber: '3',
        CallDuration: '31',
        SipResponseCode: '200',
      },
    },
  ];
}

/** The same callbacks as the webhook turns them into events. */
function eventsOf(call: CallRecord): CallEventPayload[] {
  return callbacksOf(call).map(({ kind, params }) => ({
    callId: call.id,
    kind,
    callSid: params.CallSid,
    accountSid: params.AccountSid,
    sequenceNumber: Number(params.SequenceNumber ?? 0),
    callStatus: params.CallStatus,
    answeredBy: params.AnsweredBy,
    callDuration: params.CallDuration ? Number(params.CallDuration) : undefined,
  }));
}

function post(callId: number, kind: string, params: Record<string, string>) {
  const url = `${api.baseUrl}/webhooks/twilio/calls/${callId}/${kind}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(account.authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

const eventRowsOf = async (callIds: number[]) =>
  Number(
    (
      await sequelize.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM call_events WHERE callRecordId IN (:callIds)',
        {
          replacements: { callIds },
          type: QueryTypes.SELECT,
        },
      )
    )[0]!.n,
  );

const pendingCount = async () =>
  Number(((await redis.xpending(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP)) as [number])[0]);

/** Every call answered by a person, completed, settled and billed once; the counters match the records. */
async function expectCountedOnce(campaignId: number, calls: CallRecord[]) {
  const rows = await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } });
  for (const row of rows) {
    expect(row).toMatchObject({
      status: 'completed',
      answeredBy: 'human',
      durationSeconds: 31,
      billable: true,
    });
    expect(row.settledAt).not.toBeNull();
  }
  const campaign = await Campaign.findByPk(campaignId);
  expect(campaign).toMatchObject({ totalCalls: calls.length, successfulCalls: calls.length });
  expect(Number(campaign!.totalCost)).toBeCloseTo(0.8 * calls.length, 2);
  expect(await statisticsMismatch(campaignId)).toBeNull();
  expect(await eventRowsOf(calls.map((c) => c.id))).toBe(calls.length * 5);
}

describe('call events', () => {
  it('are appended by the webhook without touching the call, and applied once though delivered again after a crash between commit and acknowledgement', async () => {
    const { campaign, calls } = await dialingCalls(12);
    const callbacks = shuffled(calls.flatMap((call) => callbacksOf(call).map((cb) => ({ call, ...cb }))));
    // Twilio may send any callback twice.
    const sent = [...callbacks, ...callbacks.slice(0, 20)];
    const answers = await Promise.all(sent.map(({ call, kind, params }) => post(call.id, kind, params)));
    expect(answers.map((res) => res.status)).toEqual(sent.map(() => 204));
    expect(await eventRowsOf(calls.map((c) => c.id))).toBe(0);
    expect(
      (await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } })).map((c) => c.status),
    ).toEqual(calls.map(() => 'dialing'));

    // A consumer applies everything, then dies before acknowledging.
    const delivered = await readNewEvents(redis, 'crashes-before-ack', 1000, 100);
    const ours = delivered.filter((entry) => calls.some((c) => c.id === entry.event?.callId));
    expect(ours).toHaveLength(sent.length);
    const first = await applyCallEvents(delivered.map((entry) => entry.event!));
    expect(first.outcomes.duplicate).toBeGreaterThanOrEqual(20);
    expect(first.endedAnswered).toEqual(expect.arrayContaining(calls.map((c) => c.id)));
    await expectCountedOnce(campaign.id, calls);

    // Another consumer takes its events over and applies them again: nothing changes.
    const { claimed } = await claimStaleEvents(redis, 'takes-over', 0, 1000, 5);
    expect(claimed.map((e) => e.id).sort()).toEqual(delivered.map((e) => e.id).sort());
    const again = await processDelivery(redis, claimed);
    expect(again.outcomes.applied + again.outcomes.unchanged).toBe(0);
    expect(again.endedAnswered).toEqual([]);
    await expectCountedOnce(campaign.id, calls);
    expect(await pendingCount()).toBe(0);
    expect(await redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
  });

  it('count each call once when two batches apply its events concurrently, in any order, twice', async () => {
    const { campaign, calls } = await dialingCalls(30);
    const events = shuffled(calls.flatMap(eventsOf));
    const halves = [events.filter((_, i) => i % 2 === 0), events.filter((_, i) => i % 2 === 1)];
    const results = await Promise.all([
      applyCallEvents(halves[0]!),
      applyCallEvents(halves[1]!),
      applyCallEvents(shuffled(halves[1]!)),
      applyCallEvents(shuffled(halves[0]!)),
    ]);
    const total = (key: 'applied' | 'unchanged' | 'duplicate') =>
      results.reduce((sum, r) => sum + r.outcomes[key], 0);
    expect(total('applied') + total('unchanged')).toBe(events.length);
    expect(total('duplicate')).toBe(events.length);
    expect(results.flatMap((r) => r.endedAnswered).sort()).toEqual(calls.map((c) => c.id).sort());
    await expectCountedOnce(campaign.id, calls);
  });

  it('are applied by a running consumer, which takes over what a dead consumer left unacknowledged and sets aside what cannot be read', async () => {
    const { campaign, calls } = await dialingCalls(6);
    const [abandoned, live] = [calls.slice(0, 3), calls.slice(3)];
    for (const call of abandoned)
      for (const { kind, params } of callbacksOf(call))
        expect((await post(call.id, kind, params)).status).toBe(204);
    // Read by a consumer that dies at once.
    expect((await readNewEvents(redis, 'dies', 1000, 100)).length).toBeGreaterThanOrEqual(15);
    await redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', '{"callId":"not a call"}');
    const failedBefore = await redis.xlen(FAILED_CALL_EVENTS_STREAM());

    // The dead consumer's events idle long enough to be taken over by the first claim.
    await expect
      .poll(
        async () => {
          const pending = (await redis.xpending(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, '-', '+', 1000)) as [
            string,
            string,
            number,
          ][];
          return Math.min(...pending.map(([, , idleMs]) => idleMs));
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(200);
    const consumer = startCallEventConsumer({ claimIdleMs: 200, blockMs: 100 });
    try {
      for (const call of live)
        for (const { kind, params } of callbacksOf(call))
          expect((await post(call.id, kind, params)).status).toBe(204);
      await waitUntil(
        async () =>
          (await pendingCount()) === 0 &&
          (await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } })).every((c) => c.settledAt),
        'every call settled and every event acknowledged',
      );
    } finally {
      await consumer.stop();
    }
    await expectCountedOnce(campaign.id, calls);
    expect(await redis.xlen(FAILED_CALL_EVENTS_STREAM())).toBe(failedBefore + 1);
    expect(await redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
  });

  it('pass by a call another transaction holds, leaving its events unacknowledged for the next turn', async () => {
    const { campaign, calls } = await dialingCalls(2);
    const [held, free] = calls as [CallRecord, CallRecord];
    for (const call of calls)
      for (const { kind, params } of callbacksOf(call))
        expect((await post(call.id, kind, params)).status).toBe(204);
    const delivered = (await readNewEvents(redis, 'passes-by', 1000, 100)).filter((entry) =>
      calls.some((c) => c.id === entry.event?.callId),
    );
    expect(delivered).toHaveLength(10);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const holder = sequelize.transaction(async (transaction) => {
      await CallRecord.findByPk(held.id, { transaction, lock: true });
      holding();
      await released;
    });
    await isHeld;
    const first = await processDelivery(redis, delivered);
    release();
    await holder;
    expect(first.carried.map((entry) => entry.event!.callId)).toEqual(Array(5).fill(held.id));
    expect(first.endedAnswered).toEqual([free.id]);
    expect((await CallRecord.findByPk(held.id))!.status).toBe('dialing');
    const stillPending = (await redis.xpending(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP, '-', '+', 100)) as [
      string,
    ][];
    expect(first.carried.every((entry) => stillPending.some(([id]) => id === entry.id))).toBe(true);

    const second = await processDelivery(redis, first.carried);
    expect(second.carried).toEqual([]);
    expect(second.endedAnswered).toEqual([held.id]);
    await expectCountedOnce(campaign.id, calls);
  });
});

describe('a running consumer', () => {
  /** When the event left the stream: applied and acknowledged (acknowledged entries are deleted). */
  async function acknowledgedAt(id: string): Promise<number> {
    await waitUntil(
      async () => (await redis.xrange(CALL_EVENTS_STREAM(), id, id)).length === 0,
      `event ${id} acknowledged`,
    );
    return Date.now();
  }
  const append = async (event: CallEventPayload) =>
    (await redis.xadd(CALL_EVENTS_STREAM(), '*', 'event', JSON.stringify(event))) as string;

  it('lingers after a delivery smaller than a batch, so a busy stream gathers into large batches, and reads again at once after a full one', async () => {
    const { campaign, calls } = await dialingCalls(2);
    const events = calls.flatMap(eventsOf);
    expect(await redis.xlen(CALL_EVENTS_STREAM())).toBe(0);
    const lingerMs = 1_000;
    const consumer = startCallEventConsumer({ batchSize: 5, blockMs: 100, lingerMs });
    try {
      const lone = await acknowledgedAt(await append(events[0]!));
      // Read 1 of 5: the next read waits out the linger, however soon an event arrives.
      const afterSmall = await acknowledgedAt(await append(events[1]!));
      expect(afterSmall - lone).toBeGreaterThanOrEqual(lingerMs - 200);

      // Six arrive while it lingers: five fill a batch, and the sixth is read without lingering.
      const ids: string[] = [];
      for (const event of events.slice(2, 8)) ids.push(await append(event));
      const full = await acknowledgedAt(ids[4]!);
      expect(full - afterSmall).toBeGreaterThanOrEqual(lingerMs - 200);
      const afterFull = await acknowledgedAt(ids[5]!);
      expect(afterFull - full).toBeLessThan(lingerMs / 2);

      for (const event of events.slice(8)) await acknowledgedAt(await append(event));
    } finally {
      await consumer.stop();
    }
    await expectCountedOnce(campaign.id, calls);
  });
});

import { randomBytes } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { CallEventPayload } from '@ringcast/shared-types';
import { sequelize } from '../../src/db/sequelize';
import { CallRecord, Campaign } from '../../src/db/models';
import { createRedis, type RedisClient } from '../../src/redis';
import { platformTwilioAccount } from '../../src/providers/twilio';
import { signTwilioRequest } from '../../src/telephony/signature';
import {
  CALL_EVENTS_GROUP,
  CALL_EVENTS_STREAM,
  ensureCallEventsGroup,
} from '../../src/services/calls/events';
import { flushChangedCampaigns } from '../../src/services/calls/read';
import { dialableCampaign, numbersEndingIn, statisticsMismatch } from './dialer';
import { ready } from './server';
import { useDialerStack } from './dialerStack';

/**
 * For the call-event-stream-*.test.ts files: status and AMD callbacks from the webhook to the call
 * records through the call events' stream. The api runs in the test's process and no worker does,
 * so every delivery is driven by the test.
 */
const account = platformTwilioAccount();

/** A person answers and stays 31 s: four status callbacks and AMD's answer. */
export function callbacksOf(call: CallRecord): { kind: 'status' | 'amd'; params: Record<string, string> }[] {
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
export function eventsOf(call: CallRecord): CallEventPayload[] {
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

/** How many of the calls' events the database stored. */
export const eventRowsOf = async (callIds: number[]) =>
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

/**
 * The dialer's api for a test file, a Redis connection to read the call events' stream with (its
 * consumer group made), and what the file's tests do with the calls whose events they send.
 */
export function useCallEventStream() {
  let redis: RedisClient | undefined;
  const api = useDialerStack({
    beforeClose: async () => {
      await flushChangedCampaigns();
      await redis?.quit();
    },
  });
  const redisOf = () => ready(redis, 'The Redis connection');

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

  const pendingCount = async () =>
    Number(((await redisOf().xpending(CALL_EVENTS_STREAM(), CALL_EVENTS_GROUP)) as [number])[0]);

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

  return {
    get redis() {
      return redisOf();
    },
    /** A worker process of the stack's, applying the stream's events as in production. */
    spawnWorker: () => api.spawnWorker(),
    dialingCalls,
    post,
    pendingCount,
    expectCountedOnce,
  };
}

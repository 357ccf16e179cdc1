import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker, type Job } from 'bullmq';
import type { JobPayloads } from '@ringcast/shared-types';
import {
  CallRecord,
  Campaign,
  closeBroadcaster,
  closeQueues,
  createRedis,
  enqueue,
  getQueue,
  queuePrefix,
  sequelize,
} from '@ringcast/backend';
import { applyCallEvents, platformTwilioAccount } from '@ringcast/backend/calls';
import {
  answeredCall,
  finalStatusEvent,
  freePort,
  spawnApi,
  statisticsMismatch,
  untilLockWaits,
  waitFor,
  type Spawned,
} from '@ringcast/backend/testing';
import { runJob } from '../registry';

/**
 * A relay's end the webhook handed over because a batch held its call (relay-calls-webhooks.test.ts shows
 * the handing over): a real BullMQ worker on the real queue stores it once the call is free, the
 * call's final status counts the outcome it names, and a late copy changes nothing on the settled
 * call. Real MariaDB and Redis.
 */
let api: Spawned;
let baseUrl: string;
const connection = createRedis();
let worker: Worker | undefined;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  api = await spawnApi(port);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  connection.disconnect();
  await closeQueues();
  await closeBroadcaster();
  await api?.stop();
});

const reloaded = async (id: number) => (await CallRecord.findByPk(id))!;

describe('the recordRelayEnd job', () => {
  it('waits for the batch holding its call, then stores the end once; the final status counts its outcome', async () => {
    const { call, campaign } = await answeredCall(baseUrl);
    const account = platformTwilioAccount();
    // The agent's relay session held the call.
    await call.update({
      accountSid: account.accountSid,
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
      dialedAt: new Date(),
      relayStartedAt: new Date(),
      relaySessionKey: randomBytes(16).toString('base64url'),
      relaySessionClaimedAt: new Date(),
    });

    const handoff = JSON.stringify({ reason: 'agent_hangup', outcome: 'interested' });
    const batch = await sequelize.transaction();
    try {
      await CallRecord.findByPk(call.id, { lock: true, transaction: batch });
      await enqueue('recordRelayEnd', { callId: call.id, handoffData: handoff, sessionSeconds: 58 });
      worker = new Worker('recordRelayEnd', (job, token) => runJob('recordRelayEnd', job, token), {
        connection,
        prefix: queuePrefix('recordRelayEnd'),
      });
      // The job has reached the call and waits for the batch's lock on it.
      await untilLockWaits(1);
      expect((await reloaded(call.id)).relaySessionSeconds).toBeNull();
    } finally {
      await batch.commit();
    }
    await waitFor(
      async () => (await reloaded(call.id)).relaySessionSeconds === 58,
      10_000,
      'the relay end stored',
    );
    expect(await reloaded(call.id)).toMatchObject({ relayHandoff: handoff, outcome: 'interested' });
    await applyCallEvents([finalStatusEvent(call, account.accountSid, { callDuration: 64 })]);
    expect(await reloaded(call.id)).toMatchObject({ status: 'completed', successful: true });
    expect((await Campaign.findByPk(campaign.id))!.successfulCalls).toBe(1);

    // The same end handed over again, with other numbers, joins the first job; and a job run again
    // with them (a retry after a crash, a late duplicate) changes nothing on the settled call.
    const again = {
      callId: call.id,
      handoffData: JSON.stringify({ reason: 'agent_hangup', outcome: 'not_interested' }),
      sessionSeconds: 99,
    };
    await enqueue('recordRelayEnd', again);
    const jobs = await getQueue('recordRelayEnd').getJobs([
      'completed',
      'wait',
      'active',
      'delayed',
      'failed',
    ]);
    expect(jobs.filter((job) => job.data.callId === call.id).map((job) => job.data.sessionSeconds)).toEqual([
      58,
    ]);
    await runJob('recordRelayEnd', { data: again } as Job<JobPayloads['recordRelayEnd']>);
    expect(await reloaded(call.id)).toMatchObject({ relaySessionSeconds: 58, outcome: 'interested' });
    expect((await Campaign.findByPk(campaign.id))!.successfulCalls).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});

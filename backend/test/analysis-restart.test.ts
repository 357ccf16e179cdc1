import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { CallRecord } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { closeQueues, enqueue } from '../src/queues';
import { analyzeCall } from '../src/services/analysis/analyzeCall';
import {
  agentSays,
  aggregatesMoved,
  analysisAggregates,
  callToAnalyse,
  personSays,
} from './helpers/analysisCalls';
import { untilLockWaits } from './helpers/innodb';
import { spawnWorker, type Spawned } from './helpers/processes';
import { waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';

/**
 * A worker killed while it stores a call's analysis: its transaction dies with it, the job runs
 * again on another worker, and the analysis and its aggregates are stored once.
 */
const api = useTestApi();
const workers: Spawned[] = [];
// A killed worker's job runs again within twice this.
const workerEnv = () => ({
  SANDBOX_URL: api.baseUrl,
  MAIL_SANDBOX_PORT: String(config.mailSandboxPort),
  JOB_LOCK_SECONDS: '2',
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await closeQueues();
});

describe('an analysis killed mid-way', () => {
  it('is stored once, its aggregates moved once, by the job run again', async () => {
    const { call, campaign, day } = await callToAnalyse(
      api.baseUrl,
      [
        agentSays('Hi, this is Ava from Spring Dental Clinic.'),
        personSays('Our budget is about $75 a month.'),
        agentSays('Thank you, goodbye.', 950),
      ],
      { outcome: 'interested' },
    );
    const before = await analysisAggregates(campaign.id, day);

    // The call's row held elsewhere: the worker asks the model, then waits at the row lock.
    const holder = await sequelize.transaction();
    await sequelize.query('SELECT id FROM call_records WHERE id = ? FOR UPDATE', {
      replacements: [call.id],
      transaction: holder,
    });
    const first = await spawnWorker(workerEnv());
    workers.push(first);
    await enqueue('analyzeCall', { callId: call.id });
    await untilLockWaits(1, /call_records/);
    first.child.kill('SIGKILL');
    await new Promise((resolve) =>
      first.child.exitCode !== null ? resolve(null) : first.child.once('exit', resolve),
    );
    await holder.rollback();

    // Nothing of the killed run stayed.
    expect((await CallRecord.findByPk(call.id))!.analyzedAt).toBeNull();
    expect(aggregatesMoved(before, await analysisAggregates(campaign.id, day)).daily).toEqual({});

    workers.push(await spawnWorker(workerEnv()));
    const stored = await waitFor(
      async () => {
        const row = await CallRecord.findByPk(call.id);
        return row?.analyzedAt ? row : null;
      },
      30_000,
      'the analysis stored by the job run again',
    );
    expect(stored.analysis?.fields.budget).toBe(75);
    // The job asked for again (a second close of the session) joins the finished one; a run by
    // hand finds the call analysed.
    await enqueue('analyzeCall', { callId: call.id });
    expect(await analyzeCall(call.id)).toBe('already_analyzed');
    const moved = aggregatesMoved(before, await analysisAggregates(campaign.id, day));
    expect(moved.daily).toEqual({
      conversations: 1,
      analysed: 1,
      sentimentNeutral: 1,
      qualityCalls: 1,
      responseTurns: 1,
    });
    expect(moved.responseTimes).toEqual({ 950: 1 });
  }, 90_000);
});

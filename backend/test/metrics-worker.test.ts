import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQueue } from '../src/queues';
import { acquireCallSlot, releaseCallSlot } from '../src/services/calls/place';
import { sampleValue, scrape } from './helpers/metrics';
import { spawnProcess, type Spawned } from './helpers/processes';
import { waitFor } from './helpers/sockets';

/**
 * A worker process serves its metrics on METRICS_PORT (0 here: a free port, which it logs): the
 * jobs it runs, and the figures every process shares through Redis, read at each scrape.
 */
let worker: Spawned | undefined;
let metricsUrl = '';

beforeAll(async () => {
  worker = await spawnProcess('worker/src/main.ts', { METRICS_PORT: '0' }, /worker started/, {
    keepOutput: true,
  });
  const port = /worker metrics on http:\/\/localhost:(\d+)\/metrics/.exec(worker.output())?.[1];
  if (!port) throw new Error(`the worker did not say its metrics port:\n${worker.output()}`);
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
});

const scrapeWorker = async () => {
  const res = await scrape(metricsUrl);
  expect(res.status).toBe(200);
  return res.text;
};

/** A gauge's value at the next scrapes, once it reads `expected`. */
const until = (name: string, labels: Record<string, string>, expected: number) =>
  waitFor(
    async () => sampleValue(await scrapeWorker(), name, labels) === expected,
    10_000,
    `${name} ${JSON.stringify(labels)} to read ${expected}`,
  );

describe("a worker's metrics port", () => {
  it('answers only GET /metrics, in the text format, with no token', async () => {
    const res = await scrape(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleValue(res.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await scrape(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it("reads each queue's counts at scrape, moving as a job is added and removed", async () => {
    const delayed = { queue: 'sendLeadDigests', state: 'delayed' };
    const text = await scrapeWorker();
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sampleValue(text, 'ringcast_queue_jobs', { queue: 'sendLeadDigests', state })).toBeTypeOf(
        'number',
      );
    const before = sampleValue(text, 'ringcast_queue_jobs', delayed)!;
    const job = await getQueue('sendLeadDigests').add('sendLeadDigests', {}, { delay: 3_600_000 });
    await until('ringcast_queue_jobs', delayed, before + 1);
    await job.remove();
    await until('ringcast_queue_jobs', delayed, before);
  });

  it('times the jobs it runs and the dispatcher ticks among them', async () => {
    // The dispatcher's scheduler adds a job every second. A tick that finds the dispatch lock held
    // (by the tick before it, on a loaded machine) completes without picking: wait for one that picks.
    await waitFor(
      async () => {
        const scraped = await scrapeWorker();
        const jobs = sampleValue(scraped, 'ringcast_job_duration_seconds_count', {
          queue: 'dispatchCalls',
          result: 'completed',
        });
        return (jobs ?? 0) > 0 && (sampleValue(scraped, 'ringcast_dispatch_pick_seconds_count') ?? 0) > 0;
      },
      15_000,
      'a dispatchCalls job to be timed, and a tick that picked',
    );
  });

  it("reads the call events' stream and its consumer group", async () => {
    const stream = { stream: 'callEvents' };
    const text = await waitFor(
      async () => {
        const scraped = await scrapeWorker();
        return (
          sampleValue(scraped, 'ringcast_stream_group_pending', { ...stream, group: 'appliers' }) !==
            undefined && scraped
        );
      },
      10_000,
      'the consumer group to be read',
    );
    expect(sampleValue(text, 'ringcast_stream_length', stream)).toBeGreaterThanOrEqual(0);
    expect(
      sampleValue(text, 'ringcast_stream_group_lag', { ...stream, group: 'appliers' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('counts the calls holding a pacing slot on each Twilio account', async () => {
    const accountSid = `ACmetrics${Date.now().toString(36)}`;
    const account = { account_sid: accountSid };
    // Calls on an account are spaced (its calls per second): the second slot is there a moment later.
    const limits = { cps: 50, maxConcurrent: 5 };
    for (const callId of [1, 2])
      await waitFor(async () => (await acquireCallSlot(accountSid, callId, limits)) === 0, 5_000, 'a slot');
    await until('ringcast_calls_in_flight', account, 2);
    await releaseCallSlot(accountSid, 1);
    await releaseCallSlot(accountSid, 2);
    await until('ringcast_calls_in_flight', account, 0);
  });
});

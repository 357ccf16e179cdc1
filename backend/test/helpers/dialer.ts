import type { Campaign as CampaignDto } from '@ringcast/shared-types';
import { config } from '../../src/config';
import { getQueue } from '../../src/queues';
import { sharedRedis, slotKey } from '../../src/redis';
import { dueStepsKey, runningStepsKey } from '@ringcast/sandbox/testing';
import { CallRecord, Campaign, Prospect, ProspectList } from '../../src/db/models';
import { callingAreaOf, storedCallingArea } from '../../src/services/calls/dispatch';
import { giveBusinessProfile, registeredClient, type TestClient } from './client';
import { spawnProcess, type Spawned } from './processes';
import { uploadFile } from './prospectFiles';
import { deleteKeys, scanKeys } from './redisKeys';
import { startTestApi } from './server';
import { waitFor } from './sockets';

/** Sandbox calls play this many times faster than real time in these tests. */
export const TIME_SCALE = 50;

/**
 * The workers' dialer clock starts on a Wednesday at 13:00 in New York (10:00 in Los Angeles), so
 * every mainland prospect is inside its calling window whatever the hour the tests run at.
 */
export const DIALER_CLOCK_START = '2026-07-01T17:00:00Z';

/** 60 words: 24 s of speech, so a person who listens to the end makes a successful call. */
export const LONG_SCRIPT = Array.from(
  { length: 6 },
  () => 'Hello, this is Ava calling from Spring Dental Clinic, an AI assistant calling on their behalf.',
).join(' ');

/**
 * The files of a run share its database and Redis, and an earlier file may end with calls still
 * live: their steps would go on playing into this file's api, and their pacing slots would hold
 * the platform line (two calls at once by default) until their leases ran out. Each file that
 * dials starts from a quiet line: no sandbox call left to play, no slot held.
 */
export async function quietLine(): Promise<void> {
  const redis = sharedRedis();
  const pacing = await scanKeys(redis, slotKey('pacing', '*'));
  await deleteKeys(redis, [dueStepsKey(), runningStepsKey(), ...pacing]);
}

/**
 * The api in this process with the Twilio sandbox playing calls, reachable at its public URL (the
 * callbacks' signatures cover it), and the environment a worker process needs to reach it.
 */
export async function startDialerApi() {
  await quietLine();
  config.sandboxTimeScale = TIME_SCALE;
  const api = await startTestApi();
  config.publicUrl = api.baseUrl;
  config.sandboxUrl = api.baseUrl;
  const workerEnv = {
    PUBLIC_URL: api.baseUrl,
    SANDBOX_URL: api.baseUrl,
    SANDBOX_TIME_SCALE: String(TIME_SCALE),
    DIALER_CLOCK_START,
  };
  return { ...api, workerEnv };
}

export const spawnDialerWorker = (env: Record<string, string>): Promise<Spawned> =>
  spawnProcess('worker/src/main.ts', env, /worker started/);

/**
 * US numbers whose last digit picks the sandbox's outcome: `digits` in order, distinct, valid (at
 * most 100). The digit before the last is always 0, so no number ends in 17 by chance: that
 * callee asks for a person, and the agent would transfer the call.
 */
export function numbersEndingIn(
  digits: readonly number[],
  seed = Math.floor(Math.random() * 700) + 200,
): string[] {
  if (digits.length > 100) throw new Error('numbersEndingIn makes at most 100 numbers');
  return digits.map((digit, i) => `+1212${seed}${String(i).padStart(2, '0')}0${digit}`);
}

export async function uploadReadyList(client: TestClient, numbers: readonly string[]): Promise<number> {
  const csv = ['name,phone', ...numbers.map((n, i) => `Prospect ${i + 1},${n}`)].join('\n');
  const res = await uploadFile(client, 'prospects.csv', csv);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  const id = (res.json.prospectList as { id: number }).id;
  const list = await waitFor(
    async () => {
      const found = await ProspectList.findByPk(id);
      return found?.status === 'ready' || found?.status === 'failed' ? found : null;
    },
    30_000,
    'the list to be ready',
  );
  if (list.status === 'failed') throw new Error(`list failed: ${list.failureReason}`);
  return id;
}

/** A ready list written straight to the database, areas worked out as the parser does: no worker needed. */
export async function insertReadyList(userId: number, numbers: readonly string[]): Promise<number> {
  const list = await ProspectList.create({
    userId,
    name: 'prospects.csv',
    storedFileName: `direct-${Date.now()}-${Math.random()}.csv`,
    status: 'ready',
    contactCount: numbers.length,
  });
  await Prospect.bulkCreate(
    numbers.map((phoneNumber, i) => ({
      prospectListId: list.id,
      phoneNumber,
      name: `Prospect ${i + 1}`,
      ...storedCallingArea(callingAreaOf(phoneNumber)),
    })),
  );
  return list.id;
}

export interface DialableOptions {
  numbers: readonly string[];
  monthlyCallVolume?: number;
  maxConcurrentCalls?: number;
  voicemailAction?: 'leave_message' | 'hang_up';
  /** Calls per prospect in all (1 unless given: each prospect once, so the campaign completes). */
  maxAttempts?: number;
  retryDelayMinutes?: number;
  callingHoursStart?: string;
  callingHoursEnd?: string;
  callingDays?: string;
  /** Where the campaign's number is bought (212 by default). */
  areaCode?: string;
  /** Write the list to the database rather than upload it (for tests that run no worker). */
  directList?: boolean;
  /** Another campaign of this customer, on this list of theirs. */
  owner?: Awaited<ReturnType<typeof registeredClient>>;
  prospectListId?: number;
  /** Leave the campaign a draft, or paid with setup steps missing. */
  state?: 'ready' | 'draft' | 'setup_incomplete';
}

/**
 * A customer with a list and a paid campaign on our platform account (a number bought in 212),
 * with the setup steps only people can tick set: the system sets Prospects, Phone and Twilio itself
 * once the worker has seeded the list, bought the number and reached the account.
 */
export async function dialableCampaign(baseUrl: string, options: DialableOptions) {
  const owner = options.owner ?? (await registeredClient(baseUrl));
  // Who is calling and the number to call back: the Compliance step and the dialer need both;
  // the step-2 boxes sent ticked below record the list attestation.
  await giveBusinessProfile(owner);
  const prospectListId = options.prospectListId
    ? options.prospectListId
    : options.directList
      ? await insertReadyList(owner.user.id, options.numbers)
      : await uploadReadyList(owner.client, options.numbers);
  const res = await owner.client.post('/api/campaigns', {
    name: 'Spring reminders',
    type: 'appointment',
    hasProvidedList: true,
    prospectListId,
    prospectsAreCurrentClients: true,
    prospectsOptedIn: true,
    aiAgentName: 'Ava',
    aiAgentVoice: 'female',
    scriptAnswering: LONG_SCRIPT,
    scriptVoicemail: 'Sorry we missed you. Please call Spring Dental Clinic back at 212 555 0188.',
    monthlyCallVolume: options.monthlyCallVolume ?? 100,
    maxConcurrentCalls: options.maxConcurrentCalls ?? 2,
    voicemailAction: options.voicemailAction ?? 'leave_message',
    maxAttempts: options.maxAttempts ?? 1,
    ...(options.retryDelayMinutes ? { retryDelayMinutes: options.retryDelayMinutes } : {}),
    ...(options.callingHoursStart
      ? { callingHoursStart: options.callingHoursStart, callingHoursEnd: options.callingHoursEnd }
      : {}),
    ...(options.callingDays ? { callingDays: options.callingDays } : {}),
    useProvidedNumber: true,
    providedNumberAreaCode: options.areaCode ?? '212',
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  const campaign = res.json as unknown as CampaignDto;
  const state = options.state ?? 'ready';
  if (state !== 'draft') {
    await Campaign.update(
      {
        status: 'active',
        setupPaymentProcessed: true,
        setupAiAgentConfigured: true,
        setupScriptsReviewed: true,
        setupComplianceVerified: true,
        setupTestingCompleted: state === 'ready',
      },
      { where: { id: campaign.id } },
    );
  }
  return { ...owner, campaign, prospectListId };
}

export const waitUntil = <T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> => waitFor(check, timeoutMs, what);

/**
 * Dispatcher runs (dispatchCalls jobs, one a second) that started at or after `since` (ms) and
 * ran holding the dispatch lock. A test that checks nothing was dispatched first waits for a
 * few of these, so the dispatcher had its chances. The queue keeps its last 100 completed runs.
 */
export async function dispatchTicksSince(since: number): Promise<number> {
  const runs = await getQueue('dispatchCalls').getJobs(['completed'], 0, 99);
  return runs.filter((run) => (run.processedOn ?? 0) >= since && run.returnvalue).length;
}

export const callsOf = (campaignId: number) =>
  CallRecord.findAll({ where: { campaignId }, order: [['id', 'ASC']] });

/** Every prospect of the campaign has a final, counted call, and the campaign says completed. */
export const campaignCompleted = (campaignId: number, timeoutMs = 60_000) =>
  waitUntil(
    async () => {
      const campaign = await Campaign.findByPk(campaignId);
      return campaign?.status === 'completed' ? campaign : null;
    },
    `campaign ${campaignId} to complete`,
    timeoutMs,
  );

export { statisticsMismatch } from './statistics';

import { describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { statDay } from '../src/services/analytics/statRows';
import { CallRecord } from '../src/db/models';
import { analyzeCall } from '../src/services/analysis/analyzeCall';
import {
  agentSays,
  aggregatesMoved,
  analysisAggregates,
  callToAnalyse,
  personSays,
} from './helpers/analysisCalls';
import { collect, waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';

/**
 * Post-call analysis: the model (the OpenAI sandbox, through the real SDK) is asked for the
 * campaign's fields, the sentiment and the goal; the answer is checked before it is stored, asked
 * for once more when refused, and stored once per call with the aggregates of that moment.
 */
const api = useTestApi();

const CONVERSATION = [
  agentSays('Hi, this is Ava from Spring Dental Clinic.'),
  personSays('Hello. We are with Acme Broadband for our internet at the moment.'),
  agentSays('Thanks. What do you spend on it each month?', 800, { modelFirstTokenMs: 300 }),
  personSays('Our budget is about $60 a month, and I am interested in switching.', { silenceBeforeMs: 3500 }),
  agentSays('When is a good time to call you back?', 1200, { modelFirstTokenMs: 500, interrupted: true }),
  personSays('Call me back tomorrow afternoon, please.'),
  agentSays('We will call you tomorrow afternoon. Goodbye!', 4000, {
    modelFirstTokenMs: 700,
    talkedOver: true,
  }),
];

const tomorrow = () => statDay(new Date(Date.now() + 86_400_000));

describe('the analysis of a call', () => {
  it('fills the schema from the conversation, null where it does not say, and pushes the call', async () => {
    const { call, client } = await callToAnalyse(api.baseUrl, CONVERSATION, { outcome: 'interested' });
    const socket = await api.openSocket(client);
    const updates = collect(socket, 'call:updated');

    expect(await analyzeCall(call.id)).toBe('done');
    const stored = (await CallRecord.findByPk(call.id))!;
    expect(stored.analysisStatus).toBe('done');
    expect(stored.analyzedAt).toBeInstanceOf(Date);
    expect(stored.analysis).toEqual({
      fields: {
        current_provider: 'We are with Acme Broadband for our internet at the moment.',
        budget: 60,
        interested: true,
        best_time: 'Afternoon',
        call_back_on: tomorrow(),
        pets: null,
      },
      sentiment: 'positive',
      // An appointment campaign's goal is a booking: interest alone does not meet it.
      successEvaluation: { met: false, reason: 'The person was interested but booked no appointment yet.' },
    });
    // The quality figures of its turns, stored with it.
    expect({
      turns: stored.qualityTurns,
      p50: stored.responseP50Ms,
      p95: stored.responseP95Ms,
      firstToken: stored.modelFirstTokenP50Ms,
      calleeInterruptions: stored.calleeInterruptions,
      agentInterruptions: stored.agentInterruptions,
      silences: stored.silences,
    }).toEqual({
      turns: 3,
      p50: 1200,
      p95: 4000,
      firstToken: 500,
      calleeInterruptions: 1,
      agentInterruptions: 1,
      silences: 1,
    });
    const pushed = await waitFor(
      () => updates.find((c) => c.id === call.id && c.analysis !== null),
      5_000,
      'call:updated with the analysis',
    );
    expect(pushed.analysis).toEqual(stored.analysis);
    expect(pushed.analysisStatus).toBe('done');
    expect(pushed.quality).toMatchObject({ turns: 3, responseP50Ms: 1200 });
  });

  it('asks once more when an answer is refused, and fails the analysis when the second is too', async () => {
    const once = await callToAnalyse(api.baseUrl, [
      agentSays('Hello, this is Ava.'),
      personSays('ANALYSIS-NOT-JSON-ONCE. Yes, speaking.'),
    ]);
    expect(await analyzeCall(once.call.id)).toBe('done');
    expect((await CallRecord.findByPk(once.call.id))!.analysis?.sentiment).toBe('neutral');

    const refusedOnce = await callToAnalyse(api.baseUrl, [
      agentSays('Hello, this is Ava.'),
      personSays('ANALYSIS-REFUSAL-ONCE. Yes, speaking.'),
    ]);
    expect(await analyzeCall(refusedOnce.call.id)).toBe('done');

    for (const marker of ['ANALYSIS-NOT-JSON', 'ANALYSIS-OFF-SCHEMA', 'ANALYSIS-REFUSAL']) {
      const { call, campaign, day } = await callToAnalyse(api.baseUrl, [
        agentSays('Hello, this is Ava.', 900),
        personSays(`${marker}. Sorry, who is this?`),
      ]);
      const before = await analysisAggregates(campaign.id, day);
      expect(await analyzeCall(call.id), marker).toBe('failed');
      const stored = (await CallRecord.findByPk(call.id))!;
      expect(stored.analysisStatus).toBe('failed');
      expect(stored.analysis).toBeNull();
      expect(stored.analyzedAt).toBeInstanceOf(Date);
      // A failed analysis still counts the conversation and its quality, never a sentiment or goal.
      expect(aggregatesMoved(before, await analysisAggregates(campaign.id, day)).daily).toEqual({
        conversations: 1,
        qualityCalls: 1,
        responseTurns: 1,
      });
    }
  });

  it('throws while the model is out of reach, so the job retries; on its last attempt it fails the analysis', async () => {
    const { call, campaign, day } = await callToAnalyse(api.baseUrl, CONVERSATION);
    const before = await analysisAggregates(campaign.id, day);
    const reachable = config.openaiBaseUrl;
    // Nothing listens on port 9: the request is refused at once.
    config.openaiBaseUrl = 'http://127.0.0.1:9/v1';
    try {
      await expect(analyzeCall(call.id)).rejects.toThrow();
      expect((await CallRecord.findByPk(call.id))!.analyzedAt).toBeNull();
      expect(await analyzeCall(call.id, { lastAttempt: true })).toBe('failed');
    } finally {
      config.openaiBaseUrl = reachable;
    }
    const stored = (await CallRecord.findByPk(call.id))!;
    expect(stored).toMatchObject({ analysisStatus: 'failed', analysis: null, qualityTurns: 3 });
    expect(aggregatesMoved(before, await analysisAggregates(campaign.id, day)).daily).toMatchObject({
      conversations: 1,
      qualityCalls: 1,
    });
  });

  it('runs once per call: two runs at once and a run after store one answer and move the aggregates once', async () => {
    const { call, campaign, day } = await callToAnalyse(api.baseUrl, CONVERSATION, {
      outcome: 'appointment_booked',
    });
    const before = await analysisAggregates(campaign.id, day);
    const results = await Promise.all([analyzeCall(call.id), analyzeCall(call.id)]);
    expect(results.sort()).toEqual(['already_analyzed', 'done']);
    const analyzedAt = (await CallRecord.findByPk(call.id))!.analyzedAt;
    const moved = aggregatesMoved(before, await analysisAggregates(campaign.id, day));
    expect(moved).toEqual({
      daily: {
        conversations: 1,
        analysed: 1,
        goalMet: 1,
        sentimentPositive: 1,
        qualityCalls: 1,
        responseTurns: 3,
        calleeInterruptions: 1,
        agentInterruptions: 1,
        silences: 1,
      },
      responseTimes: { 800: 1, 1200: 1, 4000: 1 },
      quality: { calls: 1, turns: 3, calleeInterruptions: 1, agentInterruptions: 1, silences: 1 },
      allResponseTimes: { 800: 1, 1200: 1, 4000: 1 },
    });

    const after = await analysisAggregates(campaign.id, day);
    expect(await analyzeCall(call.id)).toBe('already_analyzed');
    expect(await analysisAggregates(campaign.id, day)).toEqual(after);
    expect((await CallRecord.findByPk(call.id))!.analyzedAt).toEqual(analyzedAt);
  });

  it('stores a test call’s analysis and feeds no aggregate', async () => {
    const { call, campaign, day } = await callToAnalyse(api.baseUrl, CONVERSATION, { test: true });
    const before = await analysisAggregates(campaign.id, day);
    expect(await analyzeCall(call.id)).toBe('done');
    expect((await CallRecord.findByPk(call.id))!.analysis?.fields.budget).toBe(60);
    expect(aggregatesMoved(before, await analysisAggregates(campaign.id, day))).toEqual({
      daily: {},
      responseTimes: {},
      quality: {},
      allResponseTimes: {},
    });
  });

  it('counts a call received, or one of a single turn, as analysed but not as a conversation of the funnel', async () => {
    const received = await callToAnalyse(api.baseUrl, CONVERSATION, { direction: 'inbound' });
    const before = await analysisAggregates(received.campaign.id, received.day);
    expect(await analyzeCall(received.call.id)).toBe('done');
    const moved = aggregatesMoved(before, await analysisAggregates(received.campaign.id, received.day));
    expect(moved.daily.analysed).toBe(1);
    expect(moved.daily.conversations).toBeUndefined();

    const greetingOnly = await callToAnalyse(api.baseUrl, [agentSays('Hi, this is Ava from Spring Dental.')]);
    const start = await analysisAggregates(greetingOnly.campaign.id, greetingOnly.day);
    expect(await analyzeCall(greetingOnly.call.id)).toBe('done');
    const stored = (await CallRecord.findByPk(greetingOnly.call.id))!.analysis!;
    expect(Object.values(stored.fields).every((v) => v === null)).toBe(true);
    const after = await analysisAggregates(greetingOnly.campaign.id, greetingOnly.day);
    expect(aggregatesMoved(start, after).daily).toEqual({
      analysed: 1,
      sentimentNeutral: 1,
      qualityCalls: 1,
    });
  });

  it('passes over a machine, and a call the agent never spoke on', async () => {
    const machine = await callToAnalyse(api.baseUrl, CONVERSATION, { answeredBy: 'machine' });
    expect(await analyzeCall(machine.call.id)).toBe('not_a_conversation');
    const silent = await callToAnalyse(api.baseUrl, []);
    expect(await analyzeCall(silent.call.id)).toBe('not_a_conversation');
    for (const id of [machine.call.id, silent.call.id])
      expect((await CallRecord.findByPk(id))!.analyzedAt).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { CallAnalysis, CallRecord as CallRecordDto } from '@ringcast/shared-types';
import { CallRecord } from '../src/db/models';
import { WebhookEvent } from '../src/db/models/webhooks';
import { CALL_EXPORT_HEADERS } from '../src/presenters/callExport';
import { analyzeCall } from '../src/services/analysis/analyzeCall';
import { emitCallWebhooks } from '../src/services/webhooks/callEvents';
import { agentSays, callToAnalyse, personSays } from './helpers/analysisCalls';
import { useTestApi } from './helpers/server';

/**
 * The analysis in the call log: filters on the sentiment, the goal and each of the campaign's
 * fields (each type, `none`, an unknown field refused), the CSV's analysis columns, the admin's
 * call log, and `call.completed` webhooks carrying it.
 */
const api = useTestApi({ admin: true });

const analysis = (
  fields: CallAnalysis['fields'],
  sentiment: CallAnalysis['sentiment'],
  met: boolean,
): CallAnalysis => ({
  fields,
  sentiment,
  successEvaluation: { met, reason: met ? 'They booked.' : 'They declined.' },
});

/** A campaign with the test fields and four calls: two analysed with values, one with none, one not analysed. */
async function campaignWithAnalysedCalls() {
  const owner = await callToAnalyse(api.baseUrl, [agentSays('Hello.'), personSays('Hi.')]);
  const more = () =>
    CallRecord.create({
      campaignId: owner.campaign.id,
      userId: owner.user.id,
      toNumber: `+1212555${String(Math.floor(Math.random() * 9000) + 1000)}`,
      status: 'completed',
      answeredBy: 'human',
    });
  const [b, c, d] = [await more(), await more(), await more()];
  const a = owner.call;
  const store = (call: CallRecord, value: CallAnalysis) =>
    CallRecord.update(
      { analysis: value, analysisStatus: 'done', analyzedAt: new Date() },
      { where: { id: call.id } },
    );
  await store(
    a,
    analysis(
      {
        current_provider: 'Acme Broadband',
        budget: 60,
        interested: true,
        best_time: 'Afternoon',
        call_back_on: '2026-12-08',
        pets: null,
      },
      'positive',
      true,
    ),
  );
  await store(
    b,
    analysis(
      {
        current_provider: 'Fibre 100% Co',
        budget: 120.5,
        interested: false,
        best_time: 'Morning',
        call_back_on: null,
        pets: 'two cats',
      },
      'negative',
      false,
    ),
  );
  await store(
    d,
    analysis(
      {
        current_provider: null,
        budget: null,
        interested: null,
        best_time: null,
        call_back_on: null,
        pets: null,
      },
      'neutral',
      false,
    ),
  );
  return { ...owner, ids: { a: a.id, b: b.id, c: c.id, d: d.id } };
}

describe('the call log on the analysis', () => {
  it('filters by sentiment, goal and each field type, none included, all filters together', async () => {
    const { client, campaign, ids } = await campaignWithAnalysedCalls();
    const name = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    const listed = async (query: string) => {
      const res = await client.get(`/api/campaigns/${campaign.id}/calls?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return (res.json as unknown as CallRecordDto[]).map((call) => name[call.id]).sort();
    };
    const cases: [string, string[]][] = [
      ['', ['a', 'b', 'c', 'd']],
      ['sentiment=positive', ['a']],
      ['sentiment=negative', ['b']],
      ['goalMet=yes', ['a']],
      ['goalMet=no', ['b', 'd']],
      ['analysis.interested=yes', ['a']],
      ['analysis.interested=no', ['b']],
      ['analysis.interested=none', ['d']],
      ['analysis.best_time=morning', ['b']],
      ['analysis.best_time=none', ['d']],
      ['analysis.current_provider=acme', ['a']],
      ['analysis.current_provider=ACME%20broadband', ['a']],
      ['analysis.current_provider=100%25', ['b']],
      ['analysis.current_provider=acme%20fibre', []],
      ['analysis.current_provider=none', ['d']],
      ['analysis.pets=none', ['a', 'd']],
      ['analysis.budget=60', ['a']],
      ['analysis.budget=100..', ['b']],
      ['analysis.budget=..100', ['a']],
      ['analysis.budget=50..130', ['a', 'b']],
      ['analysis.budget=none', ['d']],
      ['analysis.call_back_on=2026-12-08', ['a']],
      ['analysis.call_back_on=2026-12-01..2026-12-31', ['a']],
      ['analysis.call_back_on=2026-12-09..', []],
      ['analysis.call_back_on=none', ['b', 'd']],
      ['goalMet=no&analysis.budget=100..', ['b']],
      ['goalMet=no&analysis.interested=yes', []],
    ];
    for (const [query, expected] of cases) expect(await listed(query), query).toEqual(expected);
  });

  it('refuses an unknown field, a value its type cannot take and an unknown sentiment (400)', async () => {
    const { client, campaign } = await campaignWithAnalysedCalls();
    const refused = async (query: string, message: string | RegExp) => {
      for (const path of ['calls', 'calls.csv']) {
        const res = await client.get(`/api/campaigns/${campaign.id}/${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.json.error).toMatch(message);
      }
    };
    await refused('analysis.colour=red', 'Unknown field: colour');
    await refused('analysis.budget=ten', /^Budget must be a number/);
    await refused('analysis.interested=maybe', 'Interested must be yes, no or none');
    await refused('sentiment=happy', 'sentiment must be one of positive, neutral, negative');
    await refused('goalMet=perhaps', 'goalMet must be yes or no');
  });

  it("gives the CSV a column per field, the sentiment and the goal, filtered as the list; the admin's log filters too", async () => {
    const { client, campaign, ids } = await campaignWithAnalysedCalls();
    const csv = await client.get(`/api/campaigns/${campaign.id}/calls.csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = csv.text.trim().split(/\r?\n/);
    expect(header).toBe(
      [
        ...CALL_EXPORT_HEADERS,
        'Current provider',
        'Budget',
        'Interested',
        'Best time',
        'Call back on',
        'Pets',
        'Sentiment',
        'Goal met',
        'Goal reason',
      ].join(','),
    );
    const rowOf = (id: number) => rows.find((row) => row.includes(`,${id},${campaign.id},`))!;
    expect(
      rowOf(ids.a).endsWith(',Acme Broadband,60,yes,Afternoon,2026-12-08,,Positive,yes,They booked.'),
    ).toBe(true);
    expect(
      rowOf(ids.b).endsWith(',Fibre 100% Co,120.5,no,Morning,,two cats,Negative,no,They declined.'),
    ).toBe(true);
    expect(rowOf(ids.c).endsWith(',,,,,,,,,')).toBe(true);

    const filtered = await client.get(`/api/campaigns/${campaign.id}/calls.csv?analysis.budget=100..`);
    const [, ...only] = filtered.text.trim().split(/\r?\n/);
    expect(only).toHaveLength(1);
    expect(only[0]).toContain(`,${ids.b},${campaign.id},`);

    const admin = await api.admin.get(`/api/admin/campaigns/${campaign.id}/calls?sentiment=negative`);
    expect(admin.status, admin.text).toBe(200);
    expect((admin.json as unknown as CallRecordDto[]).map((call) => call.id)).toEqual([ids.b]);
  });

  it('sends call.completed with the analysis, once it is stored', async () => {
    const owner = await callToAnalyse(
      api.baseUrl,
      [agentSays('Hello, this is Ava.'), personSays('We are with Acme Broadband for our internet.')],
      { outcome: 'not_interested' },
    );
    const res = await owner.client.post('/api/webhook-endpoints', {
      url: 'https://crm.example.com/hooks',
      events: ['call.completed'],
    });
    expect(res.status, res.text).toBe(201);
    await CallRecord.update(
      { settledAt: new Date(), summary: 'They said no. The agent thanked them.' },
      { where: { id: owner.call.id } },
    );
    // The summary is there, the analysis not yet: the event waits for it.
    expect((await emitCallWebhooks(owner.call.id)).step).toBe('wait');
    expect(await analyzeCall(owner.call.id)).toBe('done');
    expect(await emitCallWebhooks(owner.call.id)).toEqual({ step: 'done', events: 1 });
    const [event] = await WebhookEvent.findAll({ where: { userId: owner.user.id, type: 'call.completed' } });
    const stored = (await CallRecord.findByPk(owner.call.id))!.analysis;
    expect((event!.payload as { analysis: unknown }).analysis).toEqual(stored);
    expect(stored?.fields.current_provider).toBe('We are with Acme Broadband for our internet.');
  });
});

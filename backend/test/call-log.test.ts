import { beforeAll, describe, expect, it } from 'vitest';
import { CallRecord, Prospect, ProspectList } from '../src/db/models';
import { campaignCallActivity } from '../src/services/calls/read';
import { adminClient } from './helpers/admin';
import { registeredClient, type TestClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

/** The call log as the campaign page and its CSV export read it: filters, pages, owners only. */
const api = useTestApi({ admin: true });
let owner: TestClient;
let campaignId: number;

beforeAll(async () => {
  const draft = await userWithDraft(api.baseUrl);
  owner = draft.client;
  campaignId = draft.campaign.id;
  const list = await ProspectList.create({
    userId: draft.user.id,
    name: 'log.csv',
    storedFileName: 'log.csv',
  });
  const prospect = (name: string, phoneNumber: string, timeZone: string | null) =>
    Prospect.create({ prospectListId: list.id, name, phoneNumber, timeZone });
  const pat = await prospect('Pat Person', '+12125550106', 'America/New_York');
  const eve = await prospect(
    '=HYPERLINK("http://evil.example")',
    '+13125550107',
    'America/Chicago,America/New_York',
  );
  const base = { campaignId, userId: draft.user.id, fromNumber: '+12125550100' };
  const day = (d: number, h = 15) => new Date(Date.UTC(2026, 10, d, h));
  await CallRecord.bulkCreate([
    {
      ...base,
      prospectId: pat.id,
      toNumber: pat.phoneNumber,
      status: 'completed',
      answeredBy: 'human',
      durationSeconds: 42,
      billable: true,
      successful: true,
      cost: '0.80',
      createdAt: day(20),
    },
    { ...base, prospectId: eve.id, toNumber: eve.phoneNumber, status: 'busy', createdAt: day(21) },
    {
      ...base,
      prospectId: pat.id,
      toNumber: pat.phoneNumber,
      attempt: 2,
      status: 'completed',
      answeredBy: 'human',
      outcome: 'do_not_call',
      summary: 'Pat asked not to be called again. The agent apologised, said "goodbye", and ended the call.',
      durationSeconds: 12,
      billable: true,
      cost: '0.80',
      createdAt: day(22),
    },
  ]);
});

describe('GET /api/campaigns/:id/calls', () => {
  it('answers the calls newest first with their count, prospect and local zone', async () => {
    const res = await owner.get(`/api/campaigns/${campaignId}/calls`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const calls = res.json as unknown as {
      prospectName: string;
      timeZone: string | null;
      attempt: number;
      outcome: string | null;
    }[];
    expect(calls.map((c) => c.attempt)).toEqual([2, 1, 1]);
    expect(calls[0]).toMatchObject({
      prospectName: 'Pat Person',
      timeZone: 'America/New_York',
      outcome: 'do_not_call',
    });
    // A number whose area spans zones is shown in one: of two with a name each, the first.
    expect(calls[1].timeZone).toBe('America/Chicago');
  });

  it('filters by status and date range, and pages on the server', async () => {
    const busy = await owner.get(`/api/campaigns/${campaignId}/calls?status=busy`);
    expect(busy.headers.get('x-total-count')).toBe('1');
    const range = await owner.get(
      `/api/campaigns/${campaignId}/calls?from=2026-11-20T00:00:00Z&to=2026-11-21T23:59:59Z`,
    );
    expect(range.headers.get('x-total-count')).toBe('2');
    const page2 = await owner.get(`/api/campaigns/${campaignId}/calls?page=2&pageSize=2`);
    expect(page2.headers.get('x-total-count')).toBe('3');
    expect((page2.json as unknown as unknown[]).length).toBe(1);
    const bad = await owner.get(`/api/campaigns/${campaignId}/calls?status=sleeping`);
    expect(bad.status).toBe(400);
  });

  it('filters by outcome, alone or with the status, and refuses an outcome it does not know', async () => {
    const asked = await owner.get(`/api/campaigns/${campaignId}/calls?outcome=do_not_call`);
    expect(asked.headers.get('x-total-count')).toBe('1');
    expect((asked.json as unknown as { attempt: number }[])[0].attempt).toBe(2);
    const none = await owner.get(`/api/campaigns/${campaignId}/calls?outcome=do_not_call&status=busy`);
    expect(none.headers.get('x-total-count')).toBe('0');
    const bad = await owner.get(`/api/campaigns/${campaignId}/calls?outcome=delighted`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^outcome must be one of interested, appointment_booked/);
  });

  it("is the owner's and the admins' only", async () => {
    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.get(`/api/campaigns/${campaignId}/calls`)).status).toBe(404);
    expect((await stranger.client.get(`/api/campaigns/${campaignId}/calls.csv`)).status).toBe(404);
    const { client: admin } = await adminClient(api.baseUrl);
    const res = await admin.get(`/api/admin/campaigns/${campaignId}/calls`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const asked = await admin.get(`/api/admin/campaigns/${campaignId}/calls?outcome=do_not_call`);
    expect(asked.headers.get('x-total-count')).toBe('1');
  });
});

describe('GET /api/campaigns/:id/calls.csv', () => {
  it("exports the filtered log with results named, times also in the prospect's zone, and formulas neutralised", async () => {
    const res = await owner.get(`/api/campaigns/${campaignId}/calls.csv?status=completed`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      "Time (UTC),Time (prospect's zone),Direction,Prospect,Number,Status,Answered by,Duration (s),Result,Outcome,Summary,Cost,Attempt,Test,Ended by,Ended reason,Call ID,Campaign ID,Transcript,Appointment ID,Appointment (UTC),Appointment's time zone,Call back at (UTC),Transferred to,Transfer status,Transferred part (s),Message,Sentiment,Goal met,Goal reason",
    );
    // A phone number keeps its + (a CRM would import an apostrophe as part of the number).
    expect(lines[2]).toMatch(
      /^2026-11-20T15:00:00\.000Z,2026-11-20 10:00:00 EST,Outbound,Pat Person,\+12125550106,completed,/,
    );
    expect(lines[1]).toContain(
      ',Asked not to be called,Asked not to be called,"Pat asked not to be called again. The agent apologised, said ""goodbye"", and ended the call.",0.80,2,no',
    );
    expect(lines[2]).toContain(',Answered by a person,,,0.80,1,no');
    // The link opening the call's transcript on its campaign page, as call.completed webhooks carry it.
    expect(lines[1]).toMatch(new RegExp(`,${campaignId},http://[^,]+/campaigns/${campaignId}\\?call=\\d+,`));
    const all = await owner.get(`/api/campaigns/${campaignId}/calls.csv`);
    // A number whose area spans zones is shown in one: of two with a name each, the first.
    expect(all.text).toContain(
      `2026-11-21 09:00:00 CST,Outbound,"'=HYPERLINK(""http://evil.example"")",+13125550107,busy`,
    );
    expect(all.text).not.toMatch(/(^|,)=HYPERLINK/m);
    const asked = await owner.get(`/api/campaigns/${campaignId}/calls.csv?outcome=do_not_call`);
    expect(asked.text.trim().split(/\r?\n/)).toEqual([lines[0], lines[1]]);
  });
});

describe('campaignCallActivity', () => {
  it('counts the finished calls of each day by result and by outcome', async () => {
    await CallRecord.update({ settledAt: new Date() }, { where: { campaignId } });
    const activity = await campaignCallActivity(campaignId, '7d', new Date('2026-11-23T12:00:00Z'));
    const day = (d: number) => activity.points.find((p) => p.at === `2026-11-${d}T00:00:00.000Z`)!;
    expect(day(20)).toMatchObject({ person: 1, outcomes: { do_not_call: 0, interested: 0 } });
    expect(day(21)).toMatchObject({ busy: 1, outcomes: { do_not_call: 0 } });
    expect(day(22)).toMatchObject({ person: 1, outcomes: { do_not_call: 1, appointment_booked: 0 } });
  });
});

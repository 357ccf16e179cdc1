import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, type CampaignAnalytics } from '@ringcast/shared-types';
import {
  Appointment,
  CallRecord,
  Campaign,
  CampaignStatAdjustment,
  Prospect,
  ProspectList,
} from '../src/db/models';
import { recordCallOutcome } from '../src/services/calls/settle';
import { adminClient } from './helpers/admin';
import { settledCalls, type EndedCall } from './helpers/analyticsCalls';
import { analyticsFromRecords } from './helpers/analyticsExpected';
import { registeredClient, type TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';

/**
 * Every figure of a campaign's Analytics tab against its call records: calls of known outcomes,
 * lengths, zones, costs and directions, settled through the real path in several batches, two
 * outcomes changed after settling, an admin's adjustment, and calls just outside the range.
 */
const api = useTestApi();

const ALASKA = 'America/Anchorage,America/Juneau,America/Adak';
// The zone each prospect's list is shown in (shownTimeZone: the largest group's first zone).
const zoneOf = (timeZone: string) => (timeZone === ALASKA ? 'America/Anchorage' : timeZone);
const at = (iso: string) => new Date(iso);
const FROM = '2026-11-01';
const TO = '2026-11-30';

let owner: Awaited<ReturnType<typeof registeredClient>>;
let campaign: Campaign;
let byName: Record<string, CallRecord>;

const analytics = async (client: TestClient, query = `?from=${FROM}&to=${TO}`, id = campaign.id) =>
  client.get(`/api/campaigns/${id}/analytics${query}`);

beforeAll(async () => {
  owner = await registeredClient(api.baseUrl);
  campaign = await Campaign.create({
    userId: owner.user.id,
    name: 'Spring quotes',
    type: 'quote',
    status: 'active',
  });
  const list = await ProspectList.create({
    userId: owner.user.id,
    name: 'Leads',
    storedFileName: 'leads.csv',
  });
  const prospect = (phoneNumber: string, timeZone: string | null) =>
    Prospect.create({ prospectListId: list.id, phoneNumber, timeZone });
  const ny = await prospect('+12125550101', 'America/New_York');
  const ny2 = await prospect('+12125550102', 'America/New_York');
  const la = await prospect('+13105550103', 'America/Los_Angeles');
  const chi = await prospect('+13125550104', 'America/Chicago');
  const ak = await prospect('+19075550105', ALASKA);
  const none = await prospect('+15555550106', null);

  const calls: [string, EndedCall][] = [
    // Monday 10:15 in New York; "interested", then "do not call" after it settled.
    [
      'a',
      {
        createdAt: at('2026-11-02T15:15:00Z'),
        status: 'completed',
        durationSeconds: 95,
        prospectId: ny.id,
        reachedAgent: true,
        outcome: 'interested',
        sessionKey: 'session-a',
      },
    ],
    // Tuesday 14:30 in New York; a booking lands after it settled.
    [
      'b',
      {
        createdAt: at('2026-11-03T19:30:00Z'),
        status: 'completed',
        durationSeconds: 40,
        prospectId: ny2.id,
        reachedAgent: true,
        outcome: 'interested',
        sessionKey: 'session-b',
      },
    ],
    // Wednesday 9:05 in Los Angeles: put through to a person.
    [
      'c',
      {
        createdAt: at('2026-11-04T17:05:00Z'),
        status: 'completed',
        durationSeconds: 61,
        prospectId: la.id,
        reachedAgent: true,
        transferStatus: 'connected',
      },
    ],
    // Wednesday 22:30 in Los Angeles (Thursday in UTC): outside the heat map's hours.
    ['d', { createdAt: at('2026-11-05T06:30:00Z'), status: 'no_answer', prospectId: la.id }],
    // Created at 2:00 in Los Angeles but queued at 9:30 on the dialer's own clock (a test's or a
    // bench's): the heat map reads it on the clock that judged its calling window.
    [
      'q',
      {
        createdAt: at('2026-11-05T10:00:00Z'),
        queuedAt: at('2026-11-05T17:30:00Z'),
        status: 'no_answer',
        prospectId: la.id,
      },
    ],
    [
      'e',
      {
        createdAt: at('2026-11-05T17:00:00Z'),
        status: 'completed',
        answeredBy: 'machine',
        durationSeconds: 25,
        prospectId: chi.id,
      },
    ],
    ['f', { createdAt: at('2026-11-06T14:00:00Z'), status: 'busy', prospectId: chi.id }],
    ['g', { createdAt: at('2026-11-06T14:59:59Z'), status: 'failed', prospectId: chi.id }],
    // Monday 12:10 and 12:40 in Alaska: long enough to count without the agent.
    [
      'k',
      { createdAt: at('2026-11-09T21:10:00Z'), status: 'completed', durationSeconds: 30, prospectId: ak.id },
    ],
    [
      'k2',
      { createdAt: at('2026-11-09T21:40:00Z'), status: 'completed', durationSeconds: 95, prospectId: ak.id },
    ],
    [
      'h',
      {
        createdAt: at('2026-11-10T16:00:00Z'),
        status: 'completed',
        durationSeconds: 12,
        prospectId: none.id,
      },
    ],
    [
      'i',
      {
        createdAt: at('2026-11-10T18:00:00Z'),
        status: 'completed',
        durationSeconds: 200,
        direction: 'inbound',
        prospectId: ny.id,
        reachedAgent: true,
        outcome: 'not_interested',
      },
    ],
    [
      'test',
      {
        createdAt: at('2026-11-11T15:00:00Z'),
        status: 'completed',
        durationSeconds: 50,
        prospectId: ny.id,
        test: true,
      },
    ],
    [
      'never',
      { createdAt: at('2026-11-12T15:00:00Z'), status: 'canceled', prospectId: ny.id, dialed: false },
    ],
    ['hungUp', { createdAt: at('2026-11-12T16:00:00Z'), status: 'canceled', prospectId: ny.id }],
    [
      'before',
      { createdAt: at('2026-10-31T23:59:59Z'), status: 'completed', durationSeconds: 30, prospectId: ny.id },
    ],
    [
      'after',
      { createdAt: at('2026-12-01T00:00:00Z'), status: 'completed', durationSeconds: 30, prospectId: ny.id },
    ],
  ];
  // Three batches, as separate batches of call events settle them.
  const settled = [
    ...(await settledCalls(
      campaign,
      calls.slice(0, 5).map(([, c]) => c),
    )),
    ...(await settledCalls(
      campaign,
      calls.slice(5, 11).map(([, c]) => c),
    )),
    ...(await settledCalls(
      campaign,
      calls.slice(11).map(([, c]) => c),
    )),
  ];
  byName = Object.fromEntries(calls.map(([name], i) => [name, settled[i]!]));

  // Late outcomes, as the session's last tool call and a booking can land after the final status.
  await recordCallOutcome(byName.a!.id, 'do_not_call', { sessionKey: 'session-a' });
  const appointment = await Appointment.create({
    userId: owner.user.id,
    campaignId: campaign.id,
    prospectId: ny2.id,
    callRecordId: byName.b!.id,
    startsAt: at('2026-11-20T15:00:00Z'),
    timeZone: 'America/New_York',
    durationMinutes: 30,
    phoneNumber: ny2.phoneNumber,
  });
  await recordCallOutcome(byName.b!.id, 'appointment_booked', {
    sessionKey: 'session-b',
    appointmentId: appointment.id,
  });
  for (const [effectiveAt, totalCalls] of [
    ['2026-11-15T12:00:00Z', 2],
    ['2026-12-02T12:00:00Z', 5],
  ] as const)
    await CampaignStatAdjustment.create({
      campaignId: campaign.id,
      actorUserId: null,
      totalCalls,
      successfulCalls: 1,
      totalCost: '1.60',
      effectiveAt: at(effectiveAt),
    });
});

describe('GET /api/campaigns/:id/analytics', () => {
  it('answers every figure as the call records and adjustments say', async () => {
    const res = await analytics(owner.client);
    expect(res.status).toBe(200);
    const figures = res.json as unknown as CampaignAnalytics;
    expect(figures).toEqual(await analyticsFromRecords(campaign.id, FROM, TO, zoneOf));

    // And the records are what the calls above say, so the comparison holds something.
    expect(byName.a).toBeDefined();
    expect(figures.totals).toEqual({
      calls: 13 + 2,
      received: 1,
      successful: 4 + 1,
      cost: '8.00',
      adjustments: { calls: 2, successful: 1, cost: '1.60' },
    });
    expect(figures.funnel).toEqual({
      placed: 12,
      person: 6,
      conversations: 0,
      positive: 4,
      bookedOrTransferred: 2,
    });
    expect(figures.beside).toEqual({ voicemail: 1, noAnswer: 2, busy: 1, failed: 1, received: 1 });
    expect([figures.booked, figures.transferred]).toEqual([1, 1]);
    expect([figures.costPerSuccessful, figures.costPerBooked]).toEqual(['1.60', '8.00']);
    expect(figures.talkTime).toEqual({ calls: 7, averageSeconds: 76.1, medianSeconds: 61 });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.find((d) => d.date === '2026-11-02')!.outcomes.do_not_call).toBe(1);
    expect(figures.days.find((d) => d.date === '2026-11-02')!.outcomes.interested).toBe(0);
    expect(figures.heatmap).toHaveLength(7 * 13);
    const cell = (weekday: string, hour: number) =>
      figures.heatmap.find((c) => c.weekday === weekday && c.hour === hour);
    expect(cell('mon', 10)).toEqual({ weekday: 'mon', hour: 10, placed: 1, answered: 1 });
    expect(cell('mon', 12)).toEqual({ weekday: 'mon', hour: 12, placed: 2, answered: 2 });
    expect(cell('wed', 9)).toEqual({ weekday: 'wed', hour: 9, placed: 1, answered: 1 });
    expect(cell('fri', 8)).toEqual({ weekday: 'fri', hour: 8, placed: 2, answered: 0 });
    expect(cell('thu', 11)).toEqual({ weekday: 'thu', hour: 11, placed: 2, answered: 0 });
    expect(cell('thu', 9)).toEqual({ weekday: 'thu', hour: 9, placed: 1, answered: 0 });
    // Wednesday 22:30 in Los Angeles and the prospect with no zone.
    expect(figures.heatmapLeftOut).toBe(2);
  });

  it('a range without its call days answers zeros for every day and cell', async () => {
    const figures = (await analytics(owner.client, '?from=2025-01-01&to=2025-01-07'))
      .json as unknown as CampaignAnalytics;
    expect(figures).toEqual(await analyticsFromRecords(campaign.id, '2025-01-01', '2025-01-07', zoneOf));
    expect(figures.days).toHaveLength(7);
    expect([figures.totals.calls, figures.costPerSuccessful, figures.talkTime.medianSeconds]).toEqual([
      0,
      null,
      null,
    ]);
  });

  it('an admin reads any campaign; another owner gets 404 as for a missing one', async () => {
    const admin = await adminClient(api.baseUrl);
    const asAdmin = await analytics(admin.client);
    expect(asAdmin.status).toBe(200);
    expect((asAdmin.json as unknown as CampaignAnalytics).totals.calls).toBe(15);
    const stranger = await registeredClient(api.baseUrl);
    for (const id of [campaign.id, 999_999_999]) {
      const res = await analytics(stranger.client, '', id);
      expect(res.status).toBe(404);
      expect(res.json.error ?? res.json.message).toBe('Campaign not found');
    }
  });

  it.each([
    ['?from=2026-11-31', ANALYTICS_MESSAGES.day],
    ['?from=yesterday', ANALYTICS_MESSAGES.day],
    ['?from=2026-11-10&to=2026-11-09', ANALYTICS_MESSAGES.order],
    ['?from=2025-01-01&to=2026-11-30', ANALYTICS_MESSAGES.length],
  ])('400 for %s', async (query, message) => {
    const res = await analytics(owner.client, query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });
});

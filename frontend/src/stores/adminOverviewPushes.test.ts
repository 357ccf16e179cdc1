import { describe, expect, it } from 'vitest';
import type {
  AdminCampaign,
  AdminOverview,
  AdminPayment,
  Campaign,
  SupportTicket,
} from '@ringcast/shared-types';
import {
  campaignDeleted,
  campaignPushed,
  openTicketsDelta,
  paymentPushed,
  ticketPushed,
  userPushed,
  type KnownCampaigns,
} from './adminOverviewPushes';

const campaign = (id: number, overrides: Partial<Campaign> = {}): Campaign =>
  ({
    id,
    userId: 1,
    name: `Campaign ${id}`,
    status: 'draft',
    totalCalls: 0,
    successfulCalls: 0,
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  }) as Campaign;
const recent = (c: Campaign) => ({ ...c, owner: { id: c.userId, firstName: 'Ada' } }) as AdminCampaign;

const overview = (overrides: Partial<AdminOverview> = {}): AdminOverview =>
  ({
    totalUsers: 3,
    totalCalls: 100,
    successfulCalls: 40,
    successRate: 40,
    totalRevenueCents: 50_000,
    openTickets: 2,
    runningCampaigns: 1,
    waitingForNumber: 0,
    callsInFlight: { total: 0, byCampaign: {} },
    recentCampaigns: [],
    ...overrides,
  }) as AdminOverview;

describe('openTicketsDelta', () => {
  it('follows from the ticket rules: a ticket only arrives open, and leaves the count when resolved', () => {
    expect(openTicketsDelta('open')).toBe(1);
    expect(openTicketsDelta('in_progress')).toBe(0);
    expect(openTicketsDelta('resolved')).toBe(-1);
    expect(openTicketsDelta('closed')).toBe(0);
  });
});

describe('ticketPushed and paymentPushed', () => {
  it('count a new ticket and a resolved one', () => {
    const ticket = (status: SupportTicket['status']) => ({ status }) as SupportTicket;
    const opened = ticketPushed(overview(), ticket('open'));
    expect(opened).toMatchObject({ reread: false, overview: { openTickets: 3 } });
    expect(ticketPushed(opened.overview, ticket('resolved')).overview.openTickets).toBe(2);
  });

  it('add a succeeded payment to the revenue, and nothing for a failed one', () => {
    const payment = (status: string) => ({ status, amount: 80_000 }) as AdminPayment;
    expect(paymentPushed(overview(), payment('succeeded'))).toMatchObject({
      reread: false,
      overview: { totalRevenueCents: 130_000 },
    });
    const before = overview();
    expect(paymentPushed(before, payment('failed')).overview).toBe(before);
  });

  it('read again for a user (a sign-up and an edit look alike)', () => {
    expect(userPushed(overview()).reread).toBe(true);
  });
});

describe('campaignPushed', () => {
  it('reads again for a campaign it has not seen, then moves the totals by the difference', () => {
    const known: KnownCampaigns = new Map();
    const first = campaignPushed(overview(), known, campaign(7, { status: 'active', totalCalls: 10 }));
    expect(first).toMatchObject({ reread: true, overview: overview() });

    const next = campaignPushed(
      first.overview,
      known,
      campaign(7, {
        status: 'paused',
        totalCalls: 14,
        successfulCalls: 6,
        updatedAt: '2025-01-01T10:00:00.250Z',
      }),
    );
    expect(next).toMatchObject({
      reread: false,
      overview: { totalCalls: 104, successfulCalls: 46, successRate: 44.2, runningCampaigns: 0 },
    });
  });

  it('ignores a copy older than the one seen, and updates a recent row in place', () => {
    const held = campaign(2, { status: 'active', updatedAt: '2025-01-01T10:00:01.000Z' });
    const known: KnownCampaigns = new Map([[2, held]]);
    const before = overview({ recentCampaigns: [recent(held)] });
    expect(campaignPushed(before, known, campaign(2)).overview).toBe(before);

    const renamed = campaign(2, { status: 'active', name: 'Renamed', updatedAt: '2025-01-01T10:00:02.000Z' });
    const after = campaignPushed(before, known, renamed).overview;
    expect(after.recentCampaigns[0]).toMatchObject({ name: 'Renamed', owner: { firstName: 'Ada' } });
    expect(after.runningCampaigns).toBe(1);
  });
});

describe('calls in flight and campaigns waiting for a number', () => {
  const dialing = (callsInFlight: number) => ({
    callsInFlight,
    prospectsRemaining: 5,
    monthBillableCalls: 0,
    notDialingReason: null,
    answeredByPerson: 0,
    voicemails: 0,
  });

  it("follow the dialer's pushes, even of a campaign not seen before", () => {
    const known: KnownCampaigns = new Map();
    const start = overview({ callsInFlight: { total: 1, byCampaign: { '4': 1 } } });
    const first = campaignPushed(start, known, campaign(7, { status: 'active', dialing: dialing(2) }));
    expect(first).toMatchObject({ reread: true, overview: { callsInFlight: { total: 3 } } });
    expect(first.overview.callsInFlight.byCampaign).toEqual({ '4': 1, '7': 2 });

    const fewer = campaignPushed(
      first.overview,
      known,
      campaign(7, { status: 'active', dialing: dialing(0) }),
    );
    expect(fewer.overview.callsInFlight).toEqual({ total: 1, byCampaign: { '4': 1 } });
    // A push without the dialing state (a person's change) leaves the count alone.
    const renamed = campaignPushed(fewer.overview, known, campaign(4, { status: 'active' }));
    expect(renamed.overview.callsInFlight.total).toBe(1);
    expect(campaignDeleted(renamed.overview, known, 4).overview.callsInFlight).toEqual({
      total: 0,
      byCampaign: {},
    });
  });

  it('count an active campaign that waits for its number until it has one', () => {
    const waiting = campaign(5, { status: 'active', useProvidedNumber: true, providedPhoneNumber: null });
    const known: KnownCampaigns = new Map([[5, campaign(5)]]);
    const paid = campaignPushed(overview(), known, { ...waiting, updatedAt: '2025-01-01T10:00:01.000Z' });
    expect(paid.overview.waitingForNumber).toBe(1);
    const bought = campaignPushed(paid.overview, known, {
      ...waiting,
      providedPhoneNumber: '+19075550100',
      updatedAt: '2025-01-01T10:00:02.000Z',
    });
    expect(bought.overview.waitingForNumber).toBe(0);
  });
});

describe('campaignDeleted', () => {
  it('takes a known campaign out of the totals; a recent one also needs a read to fill its place', () => {
    const old = campaign(3, { status: 'active', totalCalls: 20, successfulCalls: 10 });
    const known: KnownCampaigns = new Map([[3, old]]);
    expect(campaignDeleted(overview(), known, 3)).toMatchObject({
      reread: false,
      overview: { totalCalls: 80, successfulCalls: 30, runningCampaigns: 0 },
    });
    expect(known.has(3)).toBe(false);

    known.set(3, old);
    const listed = campaignDeleted(overview({ recentCampaigns: [recent(old)] }), known, 3);
    expect(listed).toMatchObject({ reread: true, overview: { recentCampaigns: [], totalCalls: 80 } });
    expect(campaignDeleted(overview(), new Map(), 9).reread).toBe(true);
  });
});

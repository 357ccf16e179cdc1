import {
  OPEN_TICKET_STATUSES,
  TICKET_STATUSES,
  canChangeTicketStatus,
  successRate,
  waitsForNumber,
  type AdminOverview,
  type AdminPayment,
  type Campaign,
  type SupportTicket,
  type TicketStatus,
} from '@ringcast/shared-types';
import { isNotOlder } from './createResourceStore';

/*
 * What each admin push does to the Overview's figures, where the push alone can tell. Otherwise
 * the answer is "read again" (the store does so at most once every 5 s).
 */

/** The figures after a push, and whether only a read can tell the rest. */
export interface PushOutcome {
  overview: AdminOverview;
  reread: boolean;
}

const applied = (overview: AdminOverview): PushOutcome => ({ overview, reread: false });
const reread = (overview: AdminOverview): PushOutcome => ({ overview, reread: true });

/**
 * The latest copy of each campaign the store has seen (from a read's recent campaigns or a push):
 * what a campaign added to the totals before its next push.
 */
export type KnownCampaigns = Map<number, Campaign>;

const isOpen = (status: TicketStatus | null) => status !== null && OPEN_TICKET_STATUSES.includes(status);

/**
 * How a ticket now at `status` moved the open count. The ticket rules say where it can have come
 * from (a new ticket starts open); when every such move changes the count alike, that is the
 * answer, otherwise null.
 */
export function openTicketsDelta(status: TicketStatus): number | null {
  const from: (TicketStatus | null)[] = TICKET_STATUSES.filter((s) => canChangeTicketStatus(s, status));
  if (status === 'open') from.push(null);
  const deltas = new Set(from.map((previous) => Number(isOpen(status)) - Number(isOpen(previous))));
  return deltas.size === 1 ? [...deltas][0]! : null;
}

export function ticketPushed(overview: AdminOverview, ticket: SupportTicket): PushOutcome {
  const delta = openTicketsDelta(ticket.status);
  return delta === null
    ? reread(overview)
    : applied({ ...overview, openTickets: overview.openTickets + delta });
}

/** A payment is announced once as it is recorded, and once more if a failed one later succeeds. */
export function paymentPushed(overview: AdminOverview, payment: AdminPayment): PushOutcome {
  if (payment.status !== 'succeeded') return applied(overview);
  return applied({ ...overview, totalRevenueCents: overview.totalRevenueCents + payment.amount });
}

/** The figures with one campaign's share changed from `before` to `after` (undefined: none). */
function withShare(overview: AdminOverview, before?: Campaign, after?: Campaign): AdminOverview {
  const share = (c?: Campaign) => ({
    running: c?.status === 'active' ? 1 : 0,
    waiting: c && waitsForNumber(c) ? 1 : 0,
    calls: c?.totalCalls ?? 0,
    successes: c?.successfulCalls ?? 0,
  });
  const [was, is] = [share(before), share(after)];
  const totalCalls = overview.totalCalls + is.calls - was.calls;
  const successfulCalls = overview.successfulCalls + is.successes - was.successes;
  return {
    ...overview,
    totalCalls,
    successfulCalls,
    successRate: successRate(successfulCalls, totalCalls),
    runningCampaigns: overview.runningCampaigns + is.running - was.running,
    waitingForNumber: overview.waitingForNumber + is.waiting - was.waiting,
  };
}

/**
 * The calls in flight with one campaign's as `live` says (0 when it has none left). Only the
 * dialer's pushes carry the count; a push without it says nothing about the campaign's calls.
 */
export function withCallsInFlight(overview: AdminOverview, campaignId: number, live: number): AdminOverview {
  const key = String(campaignId);
  const was = overview.callsInFlight.byCampaign[key] ?? 0;
  if (was === live) return overview;
  const byCampaign = { ...overview.callsInFlight.byCampaign };
  if (live > 0) byCampaign[key] = live;
  else delete byCampaign[key];
  return { ...overview, callsInFlight: { total: overview.callsInFlight.total - was + live, byCampaign } };
}

/**
 * A campaign seen before moves the totals by the difference; its row among the recent campaigns
 * is updated in place (the owner stays). A campaign not seen before is new (the recent list
 * needs its owner) or its old share is unknown: read again.
 */
export function campaignPushed(
  overview: AdminOverview,
  known: KnownCampaigns,
  campaign: Campaign,
): PushOutcome {
  const before = known.get(campaign.id);
  if (before && !isNotOlder(campaign, before)) return applied(overview);
  known.set(campaign.id, campaign);
  if (campaign.dialing) overview = withCallsInFlight(overview, campaign.id, campaign.dialing.callsInFlight);
  if (!before) return reread(overview);
  const recentCampaigns = overview.recentCampaigns.map((row) =>
    row.id === campaign.id ? { ...row, ...campaign } : row,
  );
  return applied({ ...withShare(overview, before, campaign), recentCampaigns });
}

/** A deleted campaign leaves the totals; a recent one leaves a gap only a read can fill. */
export function campaignDeleted(overview: AdminOverview, known: KnownCampaigns, id: number): PushOutcome {
  const before = known.get(id);
  known.delete(id);
  overview = withCallsInFlight(overview, id, 0);
  if (!before) return reread(overview);
  const recentCampaigns = overview.recentCampaigns.filter((row) => row.id !== id);
  const next = { ...withShare(overview, before, undefined), recentCampaigns };
  return recentCampaigns.length < overview.recentCampaigns.length ? reread(next) : applied(next);
}

/** A sign-up adds a user and an edit does not, and their pushes look alike: read again. */
export const userPushed = (overview: AdminOverview): PushOutcome => reread(overview);

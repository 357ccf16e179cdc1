import { QueryTypes } from 'sequelize';
import {
  PROSPECT_CALL_STATES,
  shownNextAttempt,
  type AnsweredBy,
  type CallOutcome,
  type CallStatus,
  type CampaignProspectCounts,
  type CampaignProspectQuery,
  type ProspectCallState,
  type TransferStatus,
} from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import type { Campaign } from '../../../db/models';
import { callingAreasOf, decideProspects, prospectCallingArea } from '../dispatch';
import { dialerNow } from '../shared';
import { type Page, containsPattern } from '../../admin/listQuery';

export interface CampaignProspectRow {
  prospectId: number;
  name: string | null;
  phoneNumber: string;
  usStates: string | null;
  state: ProspectCallState;
  attempts: number;
  lastResult: string | null;
  nextAttemptAt: Date | null;
  reason: string | null;
  lastAttemptAt: Date | null;
  callingAreaId: number | null;
  /** The latest call's, all null before the first call. */
  lastCallId: number | null;
  lastCallStatus: CallStatus | null;
  lastCallAnsweredBy: AnsweredBy | null;
  lastCallOutcome: CallOutcome | null;
  lastCallTransferDestination: string | null;
  lastCallTransferStatus: TransferStatus | null;
  /** Every zone the number may ring in, as the dialer reads its calling area. */
  timeZones: string[];
  /** The scheduled callback the prospect holds, if any. */
  callbackId: number | null;
}

/** The filter of a campaign's prospect list: its state, and text found in the name or the number. */
function filterOf(campaignId: number, query: CampaignProspectQuery) {
  const clauses = ['cp.campaignId = :campaignId'];
  const replacements: Record<string, unknown> = { campaignId };
  if (query.state) {
    clauses.push('cp.state = :state');
    replacements.state = query.state;
  }
  if (query.q) {
    const digits = query.q.replace(/\D/g, '');
    clauses.push(digits ? '(p.name LIKE :name OR cp.phoneNumber LIKE :digits)' : 'p.name LIKE :name');
    replacements.name = containsPattern(query.q);
    replacements.digits = containsPattern(digits);
  }
  return { where: clauses.join(' AND '), replacements };
}

/**
 * The next attempt and reason of each row as shown: a prospect whose stored time has come (or that
 * waits to be decided) was not decided by the dispatcher yet, which may not even run (setup not
 * complete, paused), so the calling rules are asked now, as the dispatcher would ask them.
 */
async function withShownNextAttempts(campaign: Campaign, rows: CampaignProspectRow[]) {
  const now = dialerNow();
  const due = rows.filter((row) => row.nextAttemptAt && new Date(row.nextAttemptAt) <= now);
  if (!due.length) return rows;
  const decisions = await decideProspects(campaign, due, now);
  due.forEach((row, i) => {
    const shown = shownNextAttempt(
      { at: new Date(row.nextAttemptAt!), reason: row.reason },
      () => decisions[i]!,
      now,
    );
    row.nextAttemptAt = shown.at;
    row.reason = shown.reason;
  });
  return rows;
}

/** A prospect waiting for its promised call back says so, whatever else it waits on meanwhile. */
function withCallbacks(rows: CampaignProspectRow[]) {
  for (const row of rows) if (row.callbackId && row.state === 'scheduled') row.reason = 'callback';
  return rows;
}

/**
 * The zones of each row as the dialer judges its window (prospectCallingArea): its stored calling
 * area, or the number's for a row seeded before areas were stored.
 */
async function withTimeZones(rows: CampaignProspectRow[]) {
  const areas = await callingAreasOf(rows.map((row) => row.callingAreaId));
  for (const row of rows)
    row.timeZones = [...prospectCallingArea(row.phoneNumber, row.callingAreaId, areas).timeZones];
  return rows;
}

/**
 * The prospect's latest call in the campaign: the highest attempt, on the (campaign, prospect,
 * attempt) index. Test and inbound calls carry no prospect, so they are never one.
 */
const LATEST_CALL = `LEFT JOIN call_records cr ON cr.id = (
    SELECT id FROM call_records
     WHERE campaignId = cp.campaignId AND prospectId = cp.prospectId ORDER BY attempt DESC LIMIT 1)`;

/** The scheduled callback a prospect holds (the unique held key). */
const HELD_CALLBACK = `LEFT JOIN callbacks cb ON cb.campaignId = cp.campaignId AND cb.heldProspectId = cp.prospectId`;

/**
 * One page of the campaign's prospects in list order, with what the dialer knows of each, its
 * zones and its latest call.
 */
export async function listCampaignProspects(
  campaign: Campaign,
  query: CampaignProspectQuery,
): Promise<Page<CampaignProspectRow>> {
  const { where, replacements } = filterOf(campaign.id, query);
  const from = 'FROM campaign_prospects cp JOIN prospects p ON p.id = cp.prospectId';
  const [rows, [{ total }]] = await Promise.all([
    sequelize.query<CampaignProspectRow>(
      `SELECT cp.prospectId, p.name, cp.phoneNumber, p.state AS usStates, cp.state, cp.attempts,
              cp.lastResult, cp.nextAttemptAt, cp.reason, cp.lastAttemptAt, cp.callingAreaId,
              cr.id AS lastCallId, cr.status AS lastCallStatus, cr.answeredBy AS lastCallAnsweredBy,
              cr.outcome AS lastCallOutcome, cr.transferDestination AS lastCallTransferDestination,
              cr.transferStatus AS lastCallTransferStatus, cb.id AS callbackId
         ${from} ${LATEST_CALL} ${HELD_CALLBACK} WHERE ${where} ORDER BY cp.prospectId LIMIT :limit OFFSET :offset`,
      {
        replacements: { ...replacements, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        type: QueryTypes.SELECT,
      },
    ),
    sequelize.query<{ total: number }>(`SELECT COUNT(*) AS total ${from} WHERE ${where}`, {
      replacements,
      type: QueryTypes.SELECT,
    }),
  ]);
  await withTimeZones(rows);
  return { rows: withCallbacks(await withShownNextAttempts(campaign, rows)), total: Number(total) };
}

/** How many of the campaign's prospects are in each state (one indexed read). */
export async function campaignProspectCounts(campaignId: number): Promise<CampaignProspectCounts> {
  const rows = await sequelize.query<{ state: ProspectCallState; n: number }>(
    `SELECT state, COUNT(*) AS n FROM campaign_prospects WHERE campaignId = :campaignId GROUP BY state`,
    { replacements: { campaignId }, type: QueryTypes.SELECT },
  );
  const counts = Object.fromEntries(
    PROSPECT_CALL_STATES.map((state) => [state, 0]),
  ) as CampaignProspectCounts;
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

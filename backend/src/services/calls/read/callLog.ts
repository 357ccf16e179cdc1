import { PassThrough, type Readable } from 'node:stream';
import { Op, QueryTypes, type WhereOptions } from 'sequelize';
import {
  CALL_OUTCOMES,
  callResultOf,
  type AnalysisField,
  type CallActivity,
  type CallActivityPoint,
  type CallActivityRange,
  type CallListQuery,
  type CallOutcome,
} from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { Appointment, CallRecord, Callback, Campaign, Prospect } from '../../../db/models';
import { logger } from '../../../logger';
import { presentCallRecord } from '../../../presenters/callRecord';
import { csvLine } from '../../../presenters/csv';
import {
  CALL_EXPORT_HEADERS,
  analysisExportCells,
  analysisExportHeaders,
  callExportCells,
} from '../../../presenters/callExport';
import type { Page } from '../../admin/listQuery';
import { analysisConditions } from '../../analysis/filterSql';
import { callersOf, type ShownProspect } from './callers';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CSV_CHUNK = 1000;

/** `to` as a date alone means the whole of that day. */
function endOf(to: Date): Date {
  const midnight = to.getUTCHours() === 0 && to.getUTCMinutes() === 0 && to.getUTCSeconds() === 0;
  return midnight && to.getUTCMilliseconds() === 0 ? new Date(to.getTime() + DAY_MS) : to;
}

/** The query's conditions, and the replacements its analysis conditions carry (a 400 on an unknown field). */
async function callFilter(
  campaignId: number,
  query: Omit<CallListQuery, 'page' | 'pageSize'>,
): Promise<{ where: WhereOptions; replacements: Record<string, unknown> }> {
  const createdAt: Record<symbol, Date> = {};
  if (query.from) createdAt[Op.gte] = query.from;
  if (query.to) createdAt[Op.lt] = endOf(query.to);
  const analysis = await analysisConditions(campaignId, query);
  const where = {
    campaignId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.from || query.to ? { createdAt } : {}),
    ...(analysis.where.length ? { [Op.and]: analysis.where } : {}),
  };
  return { where, replacements: analysis.replacements };
}

const withProspect = { model: Prospect, as: 'prospect', attributes: ['name', 'timeZone'], required: false };
/** The call back promised on the call, for its due time (the CSV's "Call back at"). */
const withCallback = { model: Callback, as: 'promisedCallback', attributes: ['dueAt'], required: false };
/** The appointment booked on the call, for the CSV's appointment columns. */
const withAppointment = {
  model: Appointment,
  as: 'appointment',
  attributes: ['startsAt', 'timeZone'],
  required: false,
};
/** A logged call with its prospect: the one it was placed to, or the one who rang in (callersOf). */
type CallWithProspect = CallRecord & { prospect?: Prospect | null; caller?: ShownProspect };

export const presentLoggedCall = (call: CallWithProspect) =>
  presentCallRecord(call, call.prospect ?? call.caller ?? null);

/** The calls, each with the prospect who rang in when it was one of the campaign's. */
async function withCallers(calls: CallWithProspect[]): Promise<CallWithProspect[]> {
  const callers = await callersOf(calls);
  for (const call of calls) call.caller = callers.get(call.id);
  return calls;
}

/** A campaign's calls, newest first, filtered and paged on the server. */
export async function listCampaignCalls(
  campaignId: number,
  query: CallListQuery,
): Promise<Page<CallWithProspect>> {
  const { where, replacements } = await callFilter(campaignId, query);
  const { rows, count } = await CallRecord.findAndCountAll({
    where,
    replacements,
    include: [withProspect, withCallback],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows: await withCallers(rows as CallWithProspect[]), total: count };
}

/**
 * The call's CSV line: the columns of the one export field list (presenters/callExport.ts), then
 * the campaign's analysis columns.
 */
const callCsvLine = (call: CallWithProspect, fields: AnalysisField[]) =>
  csvLine([
    ...callExportCells(presentLoggedCall(call)),
    ...analysisExportCells(call.analysis ?? null, fields),
  ]);

/**
 * The filtered call log as CSV, streamed a chunk of rows at a time (keyset on the id, newest
 * first), so a campaign of a million calls never sits in memory. Filters it refuses are refused
 * before the first line (a 400).
 */
export async function streamCampaignCallsCsv(
  campaignId: number,
  query: Omit<CallListQuery, 'page' | 'pageSize'>,
): Promise<Readable> {
  const out = new PassThrough();
  const { where, replacements } = await callFilter(campaignId, query);
  const campaign = await Campaign.findByPk(campaignId, { attributes: ['id', 'analysisFields'] });
  const fields = campaign?.analysisFields ?? [];
  void (async () => {
    out.write(csvLine([...CALL_EXPORT_HEADERS, ...analysisExportHeaders(fields)]));
    let beforeId: number | null = null;
    for (;;) {
      const rows = await withCallers(
        (await CallRecord.findAll({
          where: beforeId ? { ...where, id: { [Op.lt]: beforeId } } : where,
          replacements,
          include: [withProspect, withCallback, withAppointment],
          order: [['id', 'DESC']],
          limit: CSV_CHUNK,
        })) as CallWithProspect[],
      );
      if (!rows.length) break;
      if (!out.write(rows.map((call) => callCsvLine(call, fields)).join('')))
        await new Promise((resolve) => out.once('drain', resolve));
      beforeId = rows[rows.length - 1].id;
    }
    out.end();
  })().catch((err) => {
    logger.error({ err, campaignId }, 'call log export failed');
    out.destroy(err as Error);
  });
  return out;
}

interface ActivityRow {
  bucket: string;
  status: string;
  answeredBy: string | null;
  outcome: CallOutcome | null;
  n: number | string;
}

const noOutcomes = () => Object.fromEntries(CALL_OUTCOMES.map((o) => [o, 0])) as Record<CallOutcome, number>;

/** Finished calls per hour (today, UTC) or per day, by result and by outcome, zeros included. */
export async function campaignCallActivity(
  campaignId: number,
  range: CallActivityRange,
  now = new Date(),
): Promise<CallActivity> {
  const bucket = range === 'today' ? 'hour' : 'day';
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = range === '30d' ? 30 : range === '7d' ? 7 : 1;
  const since = new Date(today - (days - 1) * DAY_MS);
  const format = bucket === 'hour' ? '%Y-%m-%dT%H:00:00.000Z' : '%Y-%m-%dT00:00:00.000Z';
  const rows = await sequelize.query<ActivityRow>(
    `SELECT DATE_FORMAT(createdAt, :format) AS bucket, status, answeredBy, outcome, COUNT(*) AS n
       FROM call_records
      WHERE campaignId = :campaignId AND test = 0 AND settledAt IS NOT NULL AND createdAt >= :since
      GROUP BY bucket, status, answeredBy, outcome`,
    { replacements: { campaignId, since, format }, type: QueryTypes.SELECT },
  );
  const step = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const count = bucket === 'hour' ? 24 : days;
  const points: CallActivityPoint[] = Array.from({ length: count }, (_, i) => ({
    at: new Date(since.getTime() + i * step).toISOString(),
    person: 0,
    voicemail: 0,
    busy: 0,
    no_answer: 0,
    failed: 0,
    outcomes: noOutcomes(),
  }));
  const byAt = new Map(points.map((point) => [point.at, point]));
  for (const row of rows) {
    const point = byAt.get(row.bucket);
    const result = callResultOf({
      status: row.status as CallRecord['status'],
      answeredBy: row.answeredBy as CallRecord['answeredBy'],
    });
    if (point && result && result !== 'canceled') point[result] += Number(row.n);
    if (point && row.outcome && row.outcome in point.outcomes) point.outcomes[row.outcome] += Number(row.n);
  }
  return { range, bucket, points };
}

import { QueryTypes } from 'sequelize';
import {
  CALL_OUTCOMES,
  HEATMAP_FIRST_HOUR,
  HEATMAP_LAST_HOUR,
  WEEKDAYS,
  type CallOutcome,
  type CampaignAnalytics,
} from '@ringcast/shared-types';
import { sequelize } from '../../src/db/sequelize';

/**
 * A campaign's analytics worked out from its call records and the admins' adjustments alone, the
 * plain way (every call read, local times from Intl), to hold the aggregates' answer against.
 * `zoneOf`: the zone each prospect's `timeZone` list is shown in, as the test knows it.
 */
interface Row {
  test: number;
  settledAt: Date | null;
  status: string;
  dialedAt: Date | null;
  direction: string;
  answeredBy: string | null;
  successful: number;
  outcome: CallOutcome | null;
  appointmentId: number | null;
  transferStatus: string | null;
  durationSeconds: number;
  cost: string;
  createdAt: Date;
  queuedAt: Date | null;
  timeZone: string | null;
}

const DAY_MS = 86_400_000;
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

function localCell(at: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')!.value.toLowerCase();
  return { weekday, hour: Number(parts.find((p) => p.type === 'hour')!.value) };
}

export async function analyticsFromRecords(
  campaignId: number,
  from: string,
  to: string,
  zoneOf: (timeZone: string) => string,
): Promise<CampaignAnalytics> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const all = await sequelize.query<Row>(
    `SELECT r.*, p.timeZone FROM call_records r LEFT JOIN prospects p ON p.id = r.prospectId
      WHERE r.campaignId = :campaignId AND r.createdAt >= :start AND r.createdAt < :end`,
    { replacements: { campaignId, start, end }, type: QueryTypes.SELECT },
  );
  const [adjusted] = await sequelize.query<{ n: number; calls: string; successful: string; cost: string }>(
    `SELECT COUNT(*) AS n, COALESCE(SUM(totalCalls), 0) AS calls, COALESCE(SUM(successfulCalls), 0) AS successful,
            COALESCE(SUM(totalCost), 0) AS cost
       FROM campaign_stat_adjustments WHERE campaignId = :campaignId AND effectiveAt >= :start AND effectiveAt < :end`,
    { replacements: { campaignId, start, end }, type: QueryTypes.SELECT },
  );
  const rows = all.filter(
    (r) =>
      !r.test &&
      r.settledAt &&
      ['completed', 'busy', 'no_answer', 'failed', 'canceled'].includes(r.status) &&
      (r.status !== 'canceled' || r.dialedAt),
  );
  const count = (test: (r: Row) => boolean, among = rows) => among.filter(test).length;
  const person = (r: Row) => r.status === 'completed' && r.answeredBy !== 'machine';
  const voicemail = (r: Row) => r.status === 'completed' && r.answeredBy === 'machine';
  const booked = (r: Row) => r.appointmentId != null && r.outcome === 'appointment_booked';
  const transferred = (r: Row) => r.transferStatus === 'connected';
  const outbound = rows.filter((r) => r.direction !== 'inbound');
  const positive = outbound.filter((r) => person(r) && r.successful);
  const talks = rows.filter(person).map((r) => r.durationSeconds);
  const sortedTalks = [...talks].sort((a, b) => a - b);
  const middle = sortedTalks.length / 2;
  const costCents = rows.reduce((sum, r) => sum + cents(r.cost), 0) + cents(adjusted!.cost);
  const successful = count((r) => Boolean(r.successful)) + Number(adjusted!.successful);
  const bookedCount = count(booked);
  const zeros = { positive: 0, neutral: 0, negative: 0 };

  const heatmap = WEEKDAYS.flatMap((weekday) =>
    Array.from({ length: HEATMAP_LAST_HOUR - HEATMAP_FIRST_HOUR + 1 }, (_, i) => ({
      weekday,
      hour: HEATMAP_FIRST_HOUR + i,
      placed: 0,
      answered: 0,
    })),
  );
  let leftOut = 0;
  for (const r of outbound) {
    const cell = r.timeZone && localCell(r.queuedAt ?? r.createdAt, zoneOf(r.timeZone));
    const shown = cell && heatmap.find((c) => c.weekday === cell.weekday && c.hour === cell.hour);
    if (!shown) leftOut++;
    else {
      shown.placed++;
      shown.answered += person(r) ? 1 : 0;
    }
  }

  const days = Array.from({ length: (end.getTime() - start.getTime()) / DAY_MS }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const on = rows.filter((r) => r.createdAt.toISOString().startsWith(date));
    return {
      date,
      calls: on.length,
      person: count(person, on),
      voicemail: count(voicemail, on),
      successful: count((r) => Boolean(r.successful), on),
      outcomes: Object.fromEntries(CALL_OUTCOMES.map((o) => [o, count((r) => r.outcome === o, on)])),
      sentiment: zeros,
      turns: 0,
      p50Ms: null,
      p95Ms: null,
      calleeInterruptions: 0,
      agentInterruptions: 0,
      silences: 0,
    };
  });

  return {
    campaignId,
    from,
    to,
    totals: {
      calls: rows.length + Number(adjusted!.calls),
      received: count((r) => r.direction === 'inbound'),
      successful,
      cost: money(costCents),
      adjustments: Number(adjusted!.n)
        ? {
            calls: Number(adjusted!.calls),
            successful: Number(adjusted!.successful),
            cost: money(cents(adjusted!.cost)),
          }
        : null,
    },
    funnel: {
      placed: outbound.length,
      person: count(person, outbound),
      // Written when the analysis runs; none ran here.
      conversations: 0,
      positive: positive.length,
      bookedOrTransferred: count((r) => booked(r) || transferred(r), positive),
    },
    beside: {
      voicemail: count(voicemail, outbound),
      noAnswer: count((r) => r.status === 'no_answer', outbound),
      busy: count((r) => r.status === 'busy', outbound),
      failed: count((r) => r.status === 'failed', outbound),
      received: count((r) => r.direction === 'inbound'),
    },
    booked: bookedCount,
    transferred: count(transferred),
    costPerSuccessful: successful ? money(Math.round(costCents / successful)) : null,
    costPerBooked: bookedCount ? money(Math.round(costCents / bookedCount)) : null,
    talkTime: {
      calls: talks.length,
      averageSeconds: talks.length
        ? Math.round((talks.reduce((a, b) => a + b, 0) / talks.length) * 10) / 10
        : null,
      medianSeconds: !talks.length
        ? null
        : talks.length % 2
          ? sortedTalks[Math.floor(middle)]!
          : (sortedTalks[middle - 1]! + sortedTalks[middle]!) / 2,
    },
    sentiment: zeros,
    analysis: { analysed: 0, goalMet: 0 },
    quality: {
      calls: 0,
      turns: 0,
      p50Ms: null,
      p95Ms: null,
      calleeInterruptions: 0,
      agentInterruptions: 0,
      silences: 0,
    },
    days,
    heatmap,
    heatmapLeftOut: leftOut,
  } as CampaignAnalytics;
}

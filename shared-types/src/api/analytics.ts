import { object, string, type InferType } from 'yup';
import type { CallOutcome } from '../domain/call';
import { dashboardQuerySchema } from './dashboard';
import type { Sentiment } from '../domain/analysis';
import type { Weekday } from '../logic/zonedTime';

/** The longest range one analytics request covers. */
export const MAX_ANALYTICS_DAYS = 366;
/** The range when none is asked for: today and the 29 days before it (UTC days). */
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The heat map's hours on the prospect's clock: 8:00 to 21:00, so hours 8 to 20. */
export const HEATMAP_FIRST_HOUR = 8;
export const HEATMAP_LAST_HOUR = 20;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | undefined) =>
  v === undefined || (isoDay.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v);

export const ANALYTICS_MESSAGES = {
  day: 'Dates are days such as 2026-12-01',
  order: 'The range must end on or after its start',
  length: `A range covers at most ${MAX_ANALYTICS_DAYS} days`,
} as const;

/**
 * GET /api/campaigns/:id/analytics?from=&to= : UTC days, both included (the dashboard's days,
 * DESIGN decision 7). Absent: the last DEFAULT_ANALYTICS_DAYS days up to today.
 */
export const analyticsQuerySchema = object({
  from: string().trim().optional().test('day', ANALYTICS_MESSAGES.day, validDay),
  to: string().trim().optional().test('day', ANALYTICS_MESSAGES.day, validDay),
})
  .test('order', ANALYTICS_MESSAGES.order, (v) => !v.from || !v.to || v.from <= v.to)
  .test(
    'length',
    ANALYTICS_MESSAGES.length,
    (v) =>
      !v.from ||
      !v.to ||
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < MAX_ANALYTICS_DAYS,
  );

/** A percentile pair of our response time (ms); null when no reply was measured. */
export interface ResponseTimes {
  /** Our replies measured. */
  turns: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** Conversation quality over a range: response times to the nearest 10 ms, and counts. */
export interface QualityFigures extends ResponseTimes {
  /** Calls measured (answered calls whose conversation was analysed). */
  calls: number;
  calleeInterruptions: number;
  agentInterruptions: number;
  silences: number;
}

/** One UTC day of a campaign's calls (every day of the range, zeros included). */
export interface AnalyticsDay extends QualityFigures {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Counted calls, placed and received. */
  calls: number;
  person: number;
  voicemail: number;
  successful: number;
  /** Calls with each outcome (a call has at most one). */
  outcomes: Record<CallOutcome, number>;
  sentiment: Record<Sentiment, number>;
}

/** One cell of the heat map: outbound calls placed at that hour and weekday on the prospect's clock. */
export interface HeatmapCell {
  weekday: Weekday;
  /** HEATMAP_FIRST_HOUR to HEATMAP_LAST_HOUR: the hour starting then. */
  hour: number;
  placed: number;
  /** Answered by a person. */
  answered: number;
}

export interface CampaignAnalytics {
  campaignId: number;
  from: string;
  to: string;
  /**
   * As the dashboard counts them for the same days: every counted call (placed and received),
   * successes and the customer's cost, admins' adjustments dated in the range included.
   */
  totals: {
    calls: number;
    received: number;
    successful: number;
    /** Two decimals. */
    cost: string;
    /** The admins' adjustments inside those totals; null when none is dated in the range. */
    adjustments: { calls: number; successful: number; cost: string } | null;
  };
  /** Outbound calls only, each step a subset of the one before. */
  funnel: {
    placed: number;
    /** Answered by a person (the pick-up rate's numerator; voicemail is beside, not in it). */
    person: number;
    /** Of those, conversations of at least two turns (the greeting and a reply count as two). */
    conversations: number;
    /** Of those, a positive outcome: the call counted as successful for the campaign's goal. */
    positive: number;
    /** Of those, an appointment booked or a transfer connected. */
    bookedOrTransferred: number;
  };
  /** Beside the funnel: outbound calls that reached no person, and the calls rung in. */
  beside: { voicemail: number; noAnswer: number; busy: number; failed: number; received: number };
  booked: number;
  transferred: number;
  /** totals.cost / totals.successful, two decimals; null with no success. */
  costPerSuccessful: string | null;
  /** totals.cost / booked, two decimals; null with no booking. */
  costPerBooked: string | null;
  /** Calls answered by a person (both directions): their length in seconds. */
  talkTime: { calls: number; averageSeconds: number | null; medianSeconds: number | null };
  sentiment: Record<Sentiment, number>;
  /** Analysed calls, and those the model judged to meet the goal. */
  analysis: { analysed: number; goalMet: number };
  quality: QualityFigures;
  /** Every day of the range, oldest first. */
  days: AnalyticsDay[];
  /** Every weekday x hour cell of the range, zeros included. */
  heatmap: HeatmapCell[];
  /** Outbound calls left out of the heat map: the prospect's zone was not known, or the hour was outside it. */
  heatmapLeftOut: number;
}

/**
 * GET /api/admin/quality?days=30|90|365 (30 when absent): the dashboard's periods, the same UTC
 * days up to today, so the admins' figures line up with the dashboard's.
 */
export const adminQualityQuerySchema = dashboardQuerySchema;
export type AdminQualityQuery = InferType<typeof adminQualityQuerySchema>;

/** GET /api/admin/quality?days=30|90|365: conversation quality across every campaign. */
export interface AdminQualityDay extends QualityFigures {
  date: string;
}

export interface SlowCall {
  callId: number;
  campaignId: number;
  campaignName: string;
  ownerEmail: string;
  createdAt: string;
  turns: number;
  responseP50Ms: number | null;
  responseP95Ms: number | null;
}

export interface AdminQuality {
  days: number;
  totals: QualityFigures;
  daily: AdminQualityDay[];
  /** The calls of the period with the slowest p95 response, slowest first (at most 10). */
  slowestCalls: SlowCall[];
}

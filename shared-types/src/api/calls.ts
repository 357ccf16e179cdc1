import { date, mixed, number, object, string, type InferType } from 'yup';
import {
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  CALL_STATUSES,
  type CallOutcome,
  type CallRecord,
} from '../domain/call';
import { SENTIMENTS } from '../domain/analysis';
import type { TranscriptTurn } from '../events';
import { analysisFilterEntries } from '../logic/analysisFilters';
import { pagingFields } from './admin';

/**
 * GET /api/campaigns/:id/calls (and .csv, and the admin's): newest first, filtered by status, by
 * outcome (what the conversation achieved), by direction (the calls placed, or those rung into the
 * campaign's number), by the call's creation date, `from` and `to` inclusive (dates or
 * instants), and by its analysis: `sentiment`, `goalMet` (yes or no) and `analysis.<key>` on the
 * campaign's fields (gathered into `analysis` by key, read against the fields by
 * readAnalysisFilters), all applying together; paged like the admin lists (array + X-Total-Count).
 */
export const callListQuerySchema = object({
  sentiment: string()
    .oneOf([...SENTIMENTS], `sentiment must be one of ${SENTIMENTS.join(', ')}`)
    .optional(),
  goalMet: string().oneOf(['yes', 'no'], 'goalMet must be yes or no').optional(),
  analysis: mixed<Record<string, string>>().optional(),
  status: string()
    .oneOf([...CALL_STATUSES], `status must be one of ${CALL_STATUSES.join(', ')}`)
    .optional(),
  outcome: string()
    .oneOf([...CALL_OUTCOMES], `outcome must be one of ${CALL_OUTCOMES.join(', ')}`)
    .optional(),
  direction: string()
    .oneOf([...CALL_DIRECTIONS], `direction must be one of ${CALL_DIRECTIONS.join(', ')}`)
    .optional(),
  from: date().typeError('from must be a date').optional(),
  to: date().typeError('to must be a date').optional(),
  ...pagingFields,
}).transform((value: unknown) => {
  if (!value || typeof value !== 'object') return value;
  const entries = analysisFilterEntries(value as Record<string, unknown>);
  return Object.keys(entries).length ? { ...value, analysis: entries } : value;
});
export type CallListQuery = InferType<typeof callListQuerySchema>;

/**
 * POST /api/test-campaign: one call now with the campaign's settings, to the profile's phone by
 * default; a number given must be the profile's or one of the owner's test numbers (testCalls.ts).
 */
export const testCampaignSchema = object({
  campaignId: number()
    .typeError('campaignId must be a number')
    .integer('campaignId must be a whole number')
    .positive('campaignId must be a positive number')
    .required('campaignId is required'),
  phoneNumber: string().trim().max(32, 'Please enter a valid phone number').optional(),
});
export type TestCampaignInput = InferType<typeof testCampaignSchema>;

/** Spec §3: the test-campaign response. `webhook.status` is the test call's status. */
export interface TestCampaignResponse {
  campaign: { id: number };
  webhook: { status: string };
}

/**
 * GET /api/campaigns/:id/call-activity?range=: finished calls per hour (today) or per day, by result
 * and by outcome.
 */
export const CALL_ACTIVITY_RANGES = ['today', '7d', '30d'] as const;
export type CallActivityRange = (typeof CALL_ACTIVITY_RANGES)[number];
export const callActivityQuerySchema = object({
  range: string()
    .oneOf([...CALL_ACTIVITY_RANGES], `range must be one of ${CALL_ACTIVITY_RANGES.join(', ')}`)
    .default('7d'),
});

export interface CallActivityPoint {
  /** Start of the hour or day (UTC instant, ISO). */
  at: string;
  person: number;
  voicemail: number;
  busy: number;
  no_answer: number;
  failed: number;
  /** The calls of the bucket that have each outcome (the others have none). */
  outcomes: Record<CallOutcome, number>;
}

export interface CallActivity {
  range: CallActivityRange;
  bucket: 'hour' | 'day';
  points: CallActivityPoint[];
}

export const MAX_CONCURRENT_CALLS_LIMIT = 50;

/** GET /api/calls/:id: a call with its conversation, turn by turn (the owner's and admins'). */
export interface CallDetail extends CallRecord {
  transcript: TranscriptTurn[];
}

export const CALL_NOT_FOUND = 'Call not found';

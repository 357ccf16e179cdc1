import {
  SENTIMENT_LABELS,
  type AnalysisField,
  type AnalysisValue,
  type CallRecord,
  type Sentiment,
} from '@ringcast/shared-types';

/** "Dec 7, 2026" for the day the model wrote ("2026-12-07"), whatever the reader's zone. */
export const formatAnalysisDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime())
    ? day
    : at.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
};

/** A field's value as the screens print it; null where the conversation did not say it. */
export function formatAnalysisValue(field: Pick<AnalysisField, 'type'>, value: AnalysisValue | undefined) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString(undefined, { maximumFractionDigits: 2 });
  if (field.type === 'date') return formatAnalysisDay(value);
  return value;
}

export const SENTIMENT_COLORS: Record<Sentiment, string> = {
  positive: 'green',
  neutral: 'default',
  negative: 'red',
};

export const sentimentLabel = (sentiment: Sentiment) => SENTIMENT_LABELS[sentiment];

/** Past this long after the call ended, a call without an analysis is taken to get none (one made before it existed). */
export const ANALYSIS_WAIT_MS = 60 * 60 * 1000;

/**
 * Where a call's analysis stands: `done` with the analysis, `failed`, `pending` while a call a
 * person answered waits for it (the job runs once the call ends), `none` for a call that gets none.
 */
export function analysisStateOf(
  call: Pick<CallRecord, 'analysis' | 'analysisStatus' | 'status' | 'answeredBy' | 'endedAt'>,
  now = Date.now(),
): 'done' | 'failed' | 'pending' | 'none' {
  if (call.analysisStatus === 'failed') return 'failed';
  if (call.analysis) return 'done';
  const answered =
    (call.status === 'completed' || call.status === 'in_progress') &&
    call.answeredBy !== null &&
    call.answeredBy !== 'machine';
  const waiting = !call.endedAt || now - Date.parse(call.endedAt) < ANALYSIS_WAIT_MS;
  return answered && waiting ? 'pending' : 'none';
}

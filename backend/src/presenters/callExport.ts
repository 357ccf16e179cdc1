import {
  CALL_OUTCOME_LABELS,
  SENTIMENT_LABELS,
  TRANSFER_STATUS_LABELS,
  callResultLabelOf,
  callResultOf,
  otherPartyNumber,
  type AnalysisField,
  type CallAnalysis,
  type CallRecord as CallRecordDto,
} from '@ringcast/shared-types';
import { config } from '../config';
import type { CsvValue } from './csv';

/** A moment in a zone, as a spreadsheet sorts it and a person reads it: `2026-11-18 12:05:00 EST`. */
export function zonedTime(iso: string, timeZone: string | null): string {
  if (!timeZone) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** The call on its campaign page, its drawer open on the transcript. */
export const callTranscriptUrl = (call: Pick<CallRecordDto, 'id' | 'campaignId'>) =>
  `${config.publicUrl}/campaigns/${call.campaignId}?call=${call.id}`;

type Value = string | number | boolean | null;

interface CallExportField {
  /** The field's name in a webhook's `data`. */
  key: string;
  /** Its column in the call log's CSV. */
  header: string;
  /** The value as data (what a program reads). */
  value: (call: CallRecordDto) => Value;
  /** The value as the CSV shows it to a person, when that differs. */
  text?: (call: CallRecordDto) => Value;
}

/**
 * The one list of a call's exported fields: the call log's CSV (`calls.csv`) has a column for each,
 * in this order, and `call.completed` / `appointment.booked` webhooks carry each by its key, so a
 * CRM import and the live feed agree. New fields go at the end (spreadsheets read by position).
 */
export const CALL_EXPORT_FIELDS: readonly CallExportField[] = [
  { key: 'createdAt', header: 'Time (UTC)', value: (c) => c.createdAt },
  {
    key: 'prospectTime',
    header: "Time (prospect's zone)",
    value: (c) => zonedTime(c.createdAt, c.timeZone) || null,
  },
  {
    key: 'direction',
    header: 'Direction',
    value: (c) => c.direction,
    text: (c) => (c.direction === 'inbound' ? 'Inbound' : 'Outbound'),
  },
  { key: 'prospectName', header: 'Prospect', value: (c) => c.prospectName },
  { key: 'number', header: 'Number', value: (c) => otherPartyNumber(c) },
  { key: 'status', header: 'Status', value: (c) => c.status },
  { key: 'answeredBy', header: 'Answered by', value: (c) => c.answeredBy },
  { key: 'durationSeconds', header: 'Duration (s)', value: (c) => c.durationSeconds },
  {
    key: 'result',
    header: 'Result',
    value: (c) => callResultOf(c) ?? null,
    text: (c) => callResultLabelOf(c) ?? '',
  },
  {
    key: 'outcome',
    header: 'Outcome',
    value: (c) => c.outcome,
    text: (c) => (c.outcome ? CALL_OUTCOME_LABELS[c.outcome] : ''),
  },
  { key: 'summary', header: 'Summary', value: (c) => c.summary },
  { key: 'cost', header: 'Cost', value: (c) => c.cost },
  { key: 'attempt', header: 'Attempt', value: (c) => c.attempt },
  { key: 'test', header: 'Test', value: (c) => c.test, text: (c) => (c.test ? 'yes' : 'no') },
  { key: 'endedBy', header: 'Ended by', value: (c) => c.endedBy },
  { key: 'endedReason', header: 'Ended reason', value: (c) => c.endedReason },
  { key: 'id', header: 'Call ID', value: (c) => c.id },
  { key: 'campaignId', header: 'Campaign ID', value: (c) => c.campaignId },
  { key: 'transcriptUrl', header: 'Transcript', value: (c) => callTranscriptUrl(c) },
  { key: 'appointmentId', header: 'Appointment ID', value: (c) => c.appointmentId ?? null },
  { key: 'appointmentStartsAt', header: 'Appointment (UTC)', value: (c) => c.appointmentStartsAt ?? null },
  {
    key: 'appointmentTimeZone',
    header: "Appointment's time zone",
    value: (c) => c.appointmentTimeZone ?? null,
  },
  { key: 'callbackAt', header: 'Call back at (UTC)', value: (c) => c.callbackAt ?? null },
  { key: 'transferDestination', header: 'Transferred to', value: (c) => c.transfer?.destination ?? null },
  {
    key: 'transferStatus',
    header: 'Transfer status',
    value: (c) => c.transfer?.status ?? null,
    text: (c) => (c.transfer?.status ? TRANSFER_STATUS_LABELS[c.transfer.status] : ''),
  },
  {
    key: 'transferLegSeconds',
    header: 'Transferred part (s)',
    value: (c) => c.transfer?.legSeconds ?? null,
  },
  { key: 'callbackNote', header: 'Message', value: (c) => c.callbackNote ?? null },
];

export const CALL_EXPORT_HEADERS = CALL_EXPORT_FIELDS.map((field) => field.header);

/** The call's row of the CSV, as people read it. */
export const callExportCells = (call: CallRecordDto): CsvValue[] =>
  CALL_EXPORT_FIELDS.map((field) => {
    const value = (field.text ?? field.value)(call);
    return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  });

/** The call as a webhook's `data` carries it. */
export const callExportData = (call: CallRecordDto): Record<string, Value> =>
  Object.fromEntries(CALL_EXPORT_FIELDS.map((field) => [field.key, field.value(call)]));

/**
 * The campaign's analysis columns, after the fixed ones (they differ from one campaign to the
 * next, so they come last): one per field, headed by its name, then the sentiment and the goal.
 */
export const analysisExportHeaders = (fields: readonly AnalysisField[]): string[] => [
  ...fields.map((field) => field.name),
  'Sentiment',
  'Goal met',
  'Goal reason',
];

const analysisCell = (value: CallAnalysis['fields'][string] | undefined): CsvValue =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? '');

/** The call's analysis cells (empty where it has none, or the model could not tell). */
export const analysisExportCells = (
  analysis: CallAnalysis | null,
  fields: readonly AnalysisField[],
): CsvValue[] => [
  ...fields.map((field) => analysisCell(analysis?.fields[field.key])),
  analysis ? SENTIMENT_LABELS[analysis.sentiment] : '',
  analysis ? analysisCell(analysis.successEvaluation.met) : '',
  analysis?.successEvaluation.reason ?? '',
];

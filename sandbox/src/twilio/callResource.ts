import { rfc2822 } from './clock';
import { directionOf, isTerminal, type SandboxCall } from './call';
import { invalidParameter } from './errors';
import { API_VERSION, billedMinutes, talkSeconds } from './params';
import { field, type TwilioForm } from './request';

/** What Twilio charges per started minute of an answered outbound call to a US number, in USD. */
const PRICE_PER_MINUTE = 0.014;

const uriOf = (call: SandboxCall) => `/2010-04-01/Accounts/${call.accountSid}/Calls/${call.sid}.json`;

const formatted = (e164: string) =>
  e164.startsWith('+1') && e164.length === 12
    ? `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`
    : e164;

/**
 * The Call resource in Twilio's JSON. Once the call has ended: `duration` in seconds (null when
 * nobody answered), and `price` negative like Twilio's ("-0.01400" per started minute), null for a
 * call that was never answered.
 */
export function callResource(call: SandboxCall) {
  const ended = isTerminal(call.status);
  const answered = call.answeredAt !== null;
  return {
    sid: call.sid,
    account_sid: call.accountSid,
    parent_call_sid: call.parentCallSid ?? null,
    to: call.to,
    to_formatted: formatted(call.to),
    from: call.from,
    from_formatted: formatted(call.from),
    phone_number_sid: null,
    status: call.status,
    direction: directionOf(call),
    answered_by: call.answeredBy,
    api_version: API_VERSION,
    forwarded_from: null,
    caller_name: null,
    group_sid: null,
    trunk_sid: null,
    queue_time: '0',
    date_created: rfc2822(call.createdAt),
    date_updated: rfc2822(call.clock),
    start_time: call.startTime === null ? null : rfc2822(call.startTime),
    end_time: call.endTime === null ? null : rfc2822(call.endTime),
    duration: ended && answered ? String(talkSeconds(call)) : null,
    price: ended && answered ? (-billedMinutes(call) * PRICE_PER_MINUTE).toFixed(5) : null,
    price_unit: 'USD',
    uri: uriOf(call),
    subresource_uris: {
      notifications: uriOf(call).replace('.json', '/Notifications.json'),
      recordings: uriOf(call).replace('.json', '/Recordings.json'),
    },
  };
}

/** `StartTime>=`: a date (that day's start) or a date-time, inclusive, as Twilio reads them. */
function timeBound(value: string | undefined, key: string, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms))
    throw invalidParameter(20001, `${key} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
  return dateOnly && endOfDay ? ms + 24 * 3600 * 1000 - 1 : ms;
}

/** `StartTime`, `StartTime>` and `StartTime<` (or the same for EndTime) as an inclusive range; none given: undefined. */
export function timeRange(form: TwilioForm, name: 'StartTime' | 'EndTime') {
  const exact = field(form, name);
  const after = timeBound(field(form, `${name}>`) ?? exact, `${name}>`, false);
  const before = timeBound(field(form, `${name}<`) ?? exact, `${name}<`, true);
  return after === undefined && before === undefined ? undefined : { after, before };
}

const within = (time: number | null, range: { after?: number; before?: number } | undefined) =>
  !range ||
  (time !== null &&
    (range.after === undefined || time >= range.after) &&
    (range.before === undefined || time <= range.before));

/**
 * The Calls list's filters (To is applied by the index; ParentCallSid lists a call's `<Dial>`
 * legs); a call not yet started never matches a StartTime bound, nor one not yet ended an EndTime
 * bound.
 */
export function callFilter(form: TwilioForm): (call: SandboxCall) => boolean {
  const from = field(form, 'From');
  const parent = field(form, 'ParentCallSid');
  const status = field(form, 'Status');
  const started = timeRange(form, 'StartTime');
  const ended = timeRange(form, 'EndTime');
  return (call) =>
    (!from || call.from === from) &&
    (!parent || call.parentCallSid === parent) &&
    (!status || call.status === status) &&
    within(call.startTime, started) &&
    within(call.endTime, ended);
}

import { STATUS_EVENTS, type CallRequest, type StatusEvent } from './call';
import { invalidParameter } from './errors';
import { field, fieldList, type TwilioForm } from './request';
import { isUnderPublicUrl } from './targets';
import { parseTwiml, TwimlParseError } from './twiml';

/** Twilio's limits on calls.create parameters (telephony reference §2.1). */
const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 600;
const DEFAULT_TIME_LIMIT_SECONDS = 4 * 3600;
const MAX_TIME_LIMIT_SECONDS = 24 * 3600;
const MAX_TWIML_LENGTH = 4000;
const METHODS = ['GET', 'POST'];
/** Twilio's code where the sandbox knows it; 20001 for any other refused value. */
const OTHER_INVALID_PARAMETER = 20001;

export const PHONE_NUMBER = /^\+[1-9]\d{6,14}$/;

/** Twilio's codes for a refused URL: 21205 for the TwiML `Url`, 21609 for a status callback. */
export const URL_CODES = { Url: 21205, StatusCallback: 21609, AsyncAmdStatusCallback: 21609 } as const;

/**
 * A URL the sandbox will request: http(s), and under our app's PUBLIC_URL, since the sandbox sends
 * requests nowhere else (targets.ts). Refused with Twilio's code for the parameter.
 */
export function requestableUrl(
  value: string | undefined,
  key: string,
  code: number,
  publicUrl: string,
): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    // refused below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw invalidParameter(code, `${key} is not a valid URL: ${value}`);
  }
  if (!isUnderPublicUrl(value, publicUrl)) {
    throw invalidParameter(
      code,
      `${key} is not a URL of this app: the Twilio sandbox requests only URLs under ${publicUrl}`,
    );
  }
  return value;
}

const url = (form: TwilioForm, key: keyof typeof URL_CODES, publicUrl: string) =>
  requestableUrl(field(form, key), key, URL_CODES[key], publicUrl);

function method(form: TwilioForm, key: string): string {
  const value = (field(form, key) ?? 'POST').toUpperCase();
  if (!METHODS.includes(value)) throw invalidParameter(OTHER_INVALID_PARAMETER, `${key} must be GET or POST`);
  return value;
}

function seconds(form: TwilioForm, key: string, fallback: number, max: number, code: number): number {
  const value = field(form, key);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw invalidParameter(code, `${key} must be a whole number of seconds from 1 to ${max}`);
  }
  return n;
}

/** The TwiML a call or an update carries inline: at most 4000 characters of valid TwiML. */
export function inlineTwiml(form: TwilioForm): string | undefined {
  const twiml = field(form, 'Twiml');
  if (twiml === undefined) return undefined;
  if (twiml.length > MAX_TWIML_LENGTH) {
    throw invalidParameter(OTHER_INVALID_PARAMETER, `Twiml is longer than ${MAX_TWIML_LENGTH} characters`);
  }
  try {
    parseTwiml(twiml);
  } catch (err) {
    if (err instanceof TwimlParseError)
      throw invalidParameter(OTHER_INVALID_PARAMETER, `Invalid Twiml: ${err.message}`);
    throw err;
  }
  return twiml;
}

export interface NewCallRequest {
  to: string;
  from: string;
  request: CallRequest;
}

/**
 * calls.create's form, checked as Twilio checks it; the first problem is refused with Twilio's
 * code. Every URL in it must be under `publicUrl`.
 */
export function readCallRequest(form: TwilioForm, publicUrl: string): NewCallRequest {
  const to = field(form, 'To');
  if (!to) throw invalidParameter(21201, "No 'To' number is specified");
  if (!PHONE_NUMBER.test(to)) throw invalidParameter(21211, `Invalid 'To' Phone Number: ${to}`);
  const from = field(form, 'From');
  if (!from) throw invalidParameter(21213, "No 'From' number is specified");
  if (!PHONE_NUMBER.test(from)) throw invalidParameter(21212, `Invalid 'From' Phone Number: ${from}`);

  const twiml = inlineTwiml(form);
  // "If both twiml and url are provided then twiml parameter will be ignored" (Twilio's API reference).
  const callUrl = url(form, 'Url', publicUrl);
  if (!callUrl && !twiml) throw invalidParameter(21205, "A 'Url' or 'Twiml' parameter is required");

  const events = fieldList(form, 'StatusCallbackEvent');
  const unknown = events.find((event) => !(STATUS_EVENTS as readonly string[]).includes(event));
  if (unknown) throw invalidParameter(21626, `Invalid StatusCallbackEvent: ${unknown}`);

  const machineDetection = field(form, 'MachineDetection');
  if (
    machineDetection !== undefined &&
    machineDetection !== 'Enable' &&
    machineDetection !== 'DetectMessageEnd'
  ) {
    throw invalidParameter(21234, 'MachineDetection must be Enable or DetectMessageEnd');
  }
  const asyncAmd = field(form, 'AsyncAmd');
  if (asyncAmd !== undefined && asyncAmd !== 'true' && asyncAmd !== 'false') {
    throw invalidParameter(21234, 'AsyncAmd must be true or false');
  }

  return {
    to,
    from,
    request: {
      url: callUrl,
      method: method(form, 'Method'),
      twiml: callUrl ? undefined : twiml,
      statusCallback: url(form, 'StatusCallback', publicUrl),
      statusCallbackMethod: method(form, 'StatusCallbackMethod'),
      statusCallbackEvents: events as StatusEvent[],
      timeoutSeconds: seconds(form, 'Timeout', DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, 21208),
      timeLimitSeconds: seconds(
        form,
        'TimeLimit',
        DEFAULT_TIME_LIMIT_SECONDS,
        MAX_TIME_LIMIT_SECONDS,
        OTHER_INVALID_PARAMETER,
      ),
      machineDetection,
      asyncAmd: asyncAmd === 'true',
      asyncAmdStatusCallback: url(form, 'AsyncAmdStatusCallback', publicUrl),
      asyncAmdStatusCallbackMethod: method(form, 'AsyncAmdStatusCallbackMethod'),
    },
  };
}

/** calls.update's form: a new status, or new TwiML (inline, or a URL under `publicUrl`). */
export function readCallUpdate(form: TwilioForm, publicUrl: string) {
  const status = field(form, 'Status');
  if (status !== undefined && status !== 'completed' && status !== 'canceled') {
    throw invalidParameter(OTHER_INVALID_PARAMETER, 'Status must be completed or canceled');
  }
  const twiml = inlineTwiml(form);
  const newUrl = url(form, 'Url', publicUrl);
  return {
    status: status as 'completed' | 'canceled' | undefined,
    twiml: newUrl || !twiml ? undefined : twiml,
    url: newUrl,
    method: method(form, 'Method'),
  };
}

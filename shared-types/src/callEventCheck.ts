import type { CallEventPayload } from './jobs';

const KINDS = ['status', 'amd', 'fetch'];
const CALL_SID = /^CA[0-9a-f]{32}$/;
const ACCOUNT_SID = /^AC[0-9a-f]{32}$/;

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;

/**
 * The applyCallEvent schema (jobs.ts) as a plain function, for the call events' stream, where
 * thousands of events a second are read: yup's machinery costs many times the check itself. The
 * same rules (callEventCheck.test.ts holds the two to the same answers), except that nothing is
 * cast: the stream holds JSON our webhook wrote, numbers as numbers. Unknown fields are dropped,
 * as the schema's stripUnknown does. Answers the event, or what is wrong with it.
 */
export function checkCallEvent(data: unknown): { event: CallEventPayload } | { problem: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { problem: 'not an object' };
  const d = data as Record<string, unknown>;
  const { callId, kind, callSid, accountSid, sequenceNumber } = d;
  if (!(isCount(callId) && (callId as number) > 0 && (callId as number) <= Number.MAX_SAFE_INTEGER))
    return { problem: 'callId must be a positive whole number' };
  if (typeof kind !== 'string' || !KINDS.includes(kind))
    return { problem: 'kind must be status, amd or fetch' };
  if (typeof callSid !== 'string' || !CALL_SID.test(callSid))
    return { problem: 'callSid must be a Twilio CallSid' };
  if (typeof accountSid !== 'string' || !ACCOUNT_SID.test(accountSid))
    return { problem: 'accountSid must be a Twilio AccountSid' };
  if (!isCount(sequenceNumber)) return { problem: 'sequenceNumber must be a whole number, 0 or more' };
  const event: Record<string, unknown> = { callId, kind, callSid, accountSid, sequenceNumber };
  const optional: [string, (value: unknown) => boolean][] = [
    ['callStatus', (v) => isText(v, 32)],
    ['answeredBy', (v) => isText(v, 32)],
    ['callDuration', isCount],
    ['sipResponseCode', isCount],
    ['timestamp', (v) => isText(v, 64)],
  ];
  for (const [name, valid] of optional) {
    const value = d[name];
    if (value === undefined) continue;
    if (!valid(value)) return { problem: `${name} is not valid` };
    event[name] = value;
  }
  return { event: event as CallEventPayload };
}

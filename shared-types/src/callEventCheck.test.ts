import { describe, expect, it } from 'vitest';
import { checkCallEvent } from './callEventCheck';
import { jobPayloadSchemas } from './jobs';

const good = {
  callId: 12,
  kind: 'status',
  callSid: `CA${'0123456789abcdef'.repeat(2)}`,
  accountSid: `AC${'fedcba9876543210'.repeat(2)}`,
  sequenceNumber: 3,
  callStatus: 'completed',
  callDuration: 31,
  sipResponseCode: 200,
  timestamp: 'Fri, 27 Nov 2026 12:00:00 +0000',
};

const variants: Record<string, unknown>[] = [
  good,
  { ...good, kind: 'amd', answeredBy: 'machine_end_beep', callStatus: undefined },
  { ...good, kind: 'fetch', sequenceNumber: 0, extra: 'dropped' },
  { ...good, callDuration: undefined, sipResponseCode: undefined, timestamp: undefined },
  { ...good, callId: 0 },
  { ...good, callId: -4 },
  { ...good, callId: 1.5 },
  { ...good, kind: 'other' },
  { ...good, callSid: 'CA123' },
  { ...good, callSid: undefined },
  { ...good, accountSid: `AC${'X'.repeat(32)}` },
  { ...good, sequenceNumber: -1 },
  { ...good, sequenceNumber: undefined },
  { ...good, callStatus: 'x'.repeat(33) },
  { ...good, answeredBy: 'x'.repeat(33) },
  { ...good, timestamp: 'x'.repeat(65) },
  { ...good, callDuration: -1 },
  { ...good, sipResponseCode: 2.5 },
];

describe('checkCallEvent', () => {
  it('answers as the applyCallEvent schema does, and keeps what the schema keeps', () => {
    for (const variant of variants) {
      const data = JSON.parse(JSON.stringify(variant)) as unknown;
      let expected: unknown = null;
      try {
        expected = jobPayloadSchemas.applyCallEvent.validateSync(data, { stripUnknown: true });
      } catch {
        expected = null;
      }
      const checked = checkCallEvent(data);
      expect('event' in checked ? checked.event : null, JSON.stringify(variant)).toEqual(expected);
    }
  });

  it('refuses what is not an object', () => {
    for (const data of [null, 'event', 3, [good]]) expect(checkCallEvent(data)).toHaveProperty('problem');
  });
});

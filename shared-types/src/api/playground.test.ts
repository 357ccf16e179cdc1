import { describe, expect, it } from 'vitest';
import { playgroundToolNote } from './playground';

describe('playgroundToolNote', () => {
  it('says what each tool would have done on a call', () => {
    const note = (name: string, args: Record<string, unknown> = {}) =>
      playgroundToolNote({ name, arguments: args });
    expect(note('end_call', { reason: 'conversation over' })).toBe('Would end the call');
    expect(note('add_to_do_not_call')).toBe("Would add this person's number to your do-not-call list");
    expect(note('record_outcome', { outcome: 'do_not_call' })).toBe(
      "Would add this person's number to your do-not-call list",
    );
    expect(note('record_outcome', { outcome: 'not_interested' })).toBe(
      'Would record the outcome: Not interested',
    );
    expect(note('record_outcome', { outcome: 'appointment_booked', time: '2026-12-08T10:00:00Z' })).toMatch(
      /^Would book an appointment for \w{3}, Dec \d+, \d+:00 (AM|PM)$/,
    );
    expect(note('record_outcome', { outcome: 'call_back_later', time: 'tomorrow' })).toBe(
      'Would note to call back tomorrow',
    );
    expect(note('transfer_call')).toBe('Would call transfer_call');
  });
});

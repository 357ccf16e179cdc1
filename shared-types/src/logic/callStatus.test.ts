import { describe, expect, it } from 'vitest';
import { advanceCallStatus, TWILIO_CALL_STATUS } from './callStatus';

describe('advanceCallStatus', () => {
  it.each([
    ['queued', 'dialing', 'dialing'],
    ['dialing', 'ringing', 'ringing'],
    ['ringing', 'in_progress', 'in_progress'],
    ['in_progress', 'completed', 'completed'],
    ['ringing', 'no_answer', 'no_answer'],
    ['dialing', 'completed', 'completed'],
    ['in_progress', 'ringing', null],
    ['ringing', 'ringing', null],
    ['completed', 'failed', null],
    ['busy', 'completed', null],
    ['canceled', 'in_progress', null],
  ] as const)('%s + %s -> %s', (current, incoming, expected) => {
    expect(advanceCallStatus(current, incoming)).toBe(expected);
  });

  it('maps every Twilio status', () => {
    expect(TWILIO_CALL_STATUS['no-answer']).toBe('no_answer');
    expect(TWILIO_CALL_STATUS['in-progress']).toBe('in_progress');
    expect(TWILIO_CALL_STATUS.initiated).toBe('dialing');
  });
});

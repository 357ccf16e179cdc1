import { describe, expect, it } from 'vitest';
import { CALL_ENDED_BY, CALL_ENDED_REASONS } from '../domain/call';
import { CALL_ENDED_BY_LABELS, CALL_ENDED_REASON_LABELS, callEndingLabelOf } from './callEndingLabels';

describe('how a call ended, in words', () => {
  it('names every party and every reason', () => {
    for (const by of CALL_ENDED_BY) expect(CALL_ENDED_BY_LABELS[by]).toMatch(/\w/);
    for (const reason of CALL_ENDED_REASONS) expect(CALL_ENDED_REASON_LABELS[reason]).toMatch(/\w/);
  });

  it('says who and why once, and nothing before the call ended', () => {
    expect(callEndingLabelOf({ endedBy: null, endedReason: null })).toBeNull();
    expect(callEndingLabelOf({ endedBy: 'callee', endedReason: 'callee_hangup' })).toBe(
      'The prospect hung up',
    );
    expect(callEndingLabelOf({ endedBy: 'agent', endedReason: 'agent_hangup' })).toBe(
      'The agent ended the call',
    );
    expect(callEndingLabelOf({ endedBy: 'agent', endedReason: 'silence_timeout' })).toBe(
      'The agent ended the call: the line stayed silent',
    );
    expect(callEndingLabelOf({ endedBy: 'system', endedReason: 'max_duration' })).toBe(
      'The system ended the call: the time limit was reached',
    );
    expect(callEndingLabelOf({ endedBy: null, endedReason: 'busy' })).toBe('The line was busy');
    expect(callEndingLabelOf({ endedBy: 'callee', endedReason: null })).toBe('Ended by the prospect');
  });
});

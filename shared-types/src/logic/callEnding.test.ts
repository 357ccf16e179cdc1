import { describe, expect, it } from 'vitest';
import { endingAtSettle, endingOfHandoff, endingOfStatus } from './callEnding';

const LIMIT = 600;
const person = { status: 'completed' as const, answeredBy: 'human' as const, durationSeconds: 42 };
const none = { endedBy: null, endedReason: null };

describe('endingOfStatus', () => {
  it('names why each final status ended the call', () => {
    expect(endingOfStatus(person, LIMIT)).toEqual({ endedBy: 'callee', endedReason: 'callee_hangup' });
    expect(endingOfStatus({ ...person, answeredBy: 'machine' }, LIMIT)).toEqual({
      endedBy: 'system',
      endedReason: 'voicemail',
    });
    expect(endingOfStatus({ ...person, durationSeconds: LIMIT }, LIMIT)).toEqual({
      endedBy: 'system',
      endedReason: 'max_duration',
    });
    for (const status of ['busy', 'no_answer', 'failed', 'canceled'] as const)
      expect(endingOfStatus({ status, answeredBy: null, durationSeconds: 0 }, LIMIT)).toEqual({
        endedBy: 'system',
        endedReason: status,
      });
    expect(
      endingOfStatus({ status: 'in_progress', answeredBy: 'human', durationSeconds: 0 }, LIMIT),
    ).toBeNull();
  });
});

describe('endingAtSettle', () => {
  it('keeps what was said first, but the status corrects a relay close read as a hang-up', () => {
    expect(endingAtSettle(person, none, LIMIT)).toEqual({ endedBy: 'callee', endedReason: 'callee_hangup' });
    const agent = { endedBy: 'agent' as const, endedReason: 'silence_timeout' as const };
    expect(endingAtSettle({ ...person, durationSeconds: LIMIT }, agent, LIMIT)).toEqual(agent);
    const hungUp = { endedBy: 'callee' as const, endedReason: 'callee_hangup' as const };
    expect(endingAtSettle(person, hungUp, LIMIT)).toEqual(hungUp);
    expect(endingAtSettle({ ...person, durationSeconds: 601 }, hungUp, LIMIT)).toEqual({
      endedBy: 'system',
      endedReason: 'max_duration',
    });
    expect(endingAtSettle({ ...person, answeredBy: 'machine' }, hungUp, LIMIT)).toEqual({
      endedBy: 'system',
      endedReason: 'voicemail',
    });
    expect(endingAtSettle({ ...person, answeredBy: 'machine' }, agent, LIMIT)).toEqual({
      endedBy: 'system',
      endedReason: 'voicemail',
    });
  });
});

describe('endingOfHandoff', () => {
  it("reads our end frame's reason", () => {
    expect(endingOfHandoff('agent_hangup')).toEqual({ endedBy: 'agent', endedReason: 'agent_hangup' });
    expect(endingOfHandoff('silence_timeout')).toEqual({ endedBy: 'agent', endedReason: 'silence_timeout' });
    expect(endingOfHandoff('error')).toEqual({ endedBy: 'system', endedReason: 'error' });
    expect(endingOfHandoff(undefined)).toBeNull();
    expect(endingOfHandoff('transfer')).toBeNull();
  });
});

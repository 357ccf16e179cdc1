import { describe, expect, it } from 'vitest';
import { callingAreaOpening, nextCallDecision, shownNextAttempt } from './nextCallDecision';
import { campaign, d, history, prospect } from './nextCallDecision.fixtures';

// Hours 09:00-16:05 on weekdays, as in the walkthrough; Tuesday 2026-12-01, 16:13 in New York.
const rules = campaign({
  callingHours: { start: '09:00', end: '16:05', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
});
const AFTER_CLOSE = d('2026-12-01T21:13:00Z');
const ny = prospect();
// The backend's mark for "decide again": a long-past instant.
const DECIDE_AGAIN = d('2000-01-01T00:00:00Z');
const chicago = prospect({ phoneNumber: '+13125550101', timeZones: ['America/Chicago'], states: ['IL'] });

describe('callingAreaOpening', () => {
  it('is the next morning once the window has closed, not the instant asked', () => {
    expect(callingAreaOpening(ny, rules, AFTER_CLOSE)).toEqual(d('2026-12-02T14:00:00Z'));
  });

  it('is now while the window is open, and null when the zone is not known', () => {
    const open = d('2026-12-01T15:00:00Z'); // 10:00 in New York
    expect(callingAreaOpening(ny, rules, open)).toEqual(open);
    expect(callingAreaOpening(prospect({ timeZones: [] }), rules, open)).toBeNull();
  });

  it('skips the days the campaign does not call', () => {
    const friday = d('2026-12-04T21:30:00Z'); // Friday 16:30 in New York
    expect(callingAreaOpening(ny, rules, friday)).toEqual(d('2026-12-07T14:00:00Z'));
  });
});

describe('shownNextAttempt', () => {
  const decide =
    (who = ny, now = AFTER_CLOSE) =>
    () =>
      nextCallDecision(who, rules, history(), now);

  it('asks the rules for a prospect marked to be decided again, never showing the mark', () => {
    const shown = shownNextAttempt({ at: DECIDE_AGAIN, reason: null }, decide(), AFTER_CLOSE);
    expect(shown).toEqual({ at: d('2026-12-02T14:00:00Z'), reason: 'outside_hours' });
  });

  it('asks the rules again for a stored time that has come while nothing dialed', () => {
    const stale = { at: d('2026-12-01T14:00:00Z'), reason: 'outside_hours' };
    expect(shownNextAttempt(stale, decide(), AFTER_CLOSE).at).toEqual(d('2026-12-02T14:00:00Z'));
    const open = d('2026-12-01T15:00:00Z');
    expect(shownNextAttempt(stale, decide(ny, open), open)).toEqual({ at: open, reason: null });
  });

  it('keeps a time still ahead, and none for a prospect in a call or done', () => {
    const ahead = { at: d('2026-12-03T14:00:00Z'), reason: 'retry_wait' };
    expect(shownNextAttempt(ahead, decide(), AFTER_CLOSE)).toBe(ahead);
    const done = { at: null, reason: 'attempts_exhausted' };
    expect(shownNextAttempt(done, decide(), AFTER_CLOSE)).toBe(done);
  });
});

describe('a retry after a call near the close', () => {
  it('waits for the next window in the prospect’s zone, not the retry delay alone', () => {
    // No answer at 15:15 in Chicago; 240 minutes later is 19:15 there, after the 16:05 close.
    const calledAt = d('2026-12-01T21:15:00Z');
    const decision = nextCallDecision(
      chicago,
      rules,
      history({ attempts: 1, lastAttemptAt: calledAt, recentCalls: [calledAt] }),
      calledAt,
    );
    expect(decision).toEqual({ call: false, reason: 'retry_wait', notBefore: d('2026-12-02T15:00:00Z') });
  });
});

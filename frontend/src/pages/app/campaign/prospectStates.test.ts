import { describe, expect, it } from 'vitest';
import { nextCallsLine, prospectWhy, reasonLabel } from './prospectStates';

describe('nextCallsLine', () => {
  const now = new Date('2026-11-26T10:00:00Z'); // 4:00 in Chicago

  it.each([
    ['2026-11-26T14:00:00Z', 'America/Chicago', 'Next calls at 8:00 in America/Chicago'],
    ['2026-11-26T22:30:00Z', 'America/Chicago', 'Next calls at 16:30 in America/Chicago'],
    ['2026-11-27T14:00:00Z', 'America/Chicago', 'Next calls at 8:00 on Fri, Nov 27 in America/Chicago'],
    // Summer time: 8:00 in New York is 12:00 UTC.
    ['2026-07-01T12:00:00Z', 'America/New_York', 'Next calls at 8:00 on Wed, Jul 1 in America/New_York'],
  ])('%s in %s', (at, zone, line) => {
    expect(nextCallsLine(at, zone, now)).toBe(line);
  });
});

describe('reasonLabel', () => {
  it('names known reasons and passes others through', () => {
    expect(reasonLabel('do_not_call')).toBe('On a do-not-call list');
    expect(reasonLabel('something_new')).toBe('something_new');
    expect(reasonLabel(null)).toBeNull();
  });
});

describe('prospectWhy', () => {
  it("says when a promised call back is due, on the prospect's clock", () => {
    const due = { reason: 'callback', nextAttemptAt: '2026-12-08T20:30:00.000Z' };
    expect(prospectWhy({ ...due, timeZone: 'America/New_York' })).toBe(
      'Call back at Tue, Dec 8, 3:30 PM EST',
    );
    expect(prospectWhy({ ...due, timeZone: 'America/Los_Angeles' })).toBe(
      'Call back at Tue, Dec 8, 12:30 PM PST',
    );
  });

  it('names any other reason as before', () => {
    expect(prospectWhy({ reason: 'do_not_call', nextAttemptAt: null, timeZone: null })).toBe(
      'On a do-not-call list',
    );
    expect(prospectWhy({ reason: null, nextAttemptAt: null, timeZone: null })).toBeNull();
  });
});

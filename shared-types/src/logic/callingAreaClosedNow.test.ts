import { describe, expect, it } from 'vitest';
import {
  callingAreaClosedNow,
  nextCallDecision,
  type CallHistory,
  type DecisionProspect,
} from './nextCallDecision';
import { campaign, d, history, NOON_ISH, prospect } from './nextCallDecision.fixtures';

describe('callingAreaClosedNow', () => {
  const areas: Partial<DecisionProspect>[] = [
    { timeZones: ['America/New_York'], states: ['NY'] },
    { timeZones: ['America/Los_Angeles'], states: ['CA'] },
    { timeZones: ['America/Chicago', 'America/Denver'], states: ['TX'] },
    { timeZones: ['America/New_York'], states: ['FL'] },
  ];
  const histories: Partial<CallHistory>[] = [
    {},
    { attempts: 1, lastAttemptAt: d('2026-07-01T12:00:00Z') },
    { recentCalls: [d('2026-07-01T13:00:00Z'), d('2026-07-01T13:30:00Z'), d('2026-07-01T13:50:00Z')] },
    { attempts: 2, lastAttemptAt: d('2026-07-02T00:00:00Z') },
  ];
  const instants = [
    '2026-07-01T14:00:00Z',
    '2026-07-02T00:30:00Z',
    '2026-07-02T01:30:00Z',
    '2026-07-05T23:10:00Z',
  ];

  it('names no time earlier than any prospect of the area could be called, and says when a fresh one is', () => {
    for (const rules of [
      campaign(),
      campaign({ callingHours: { start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed'] } }),
    ])
      for (const text of instants)
        for (const area of areas) {
          const at = d(text);
          const closed = callingAreaClosedNow(prospect(area), rules, at);
          const fresh = nextCallDecision(prospect(area), rules, history(), at);
          if (!closed) {
            expect(fresh).toEqual({ call: true });
            continue;
          }
          expect(fresh).toEqual({ call: false, ...closed });
          for (const past of histories) {
            const decision = nextCallDecision(prospect(area), rules, history(past), at);
            expect(decision.call).toBe(false);
            if (!decision.call && decision.notBefore)
              expect(decision.notBefore.getTime()).toBeGreaterThanOrEqual(closed.notBefore.getTime());
          }
        }
  });

  it('leaves areas of unknown zones to each prospect’s own decision', () => {
    expect(
      callingAreaClosedNow({ timeZones: [], states: [] }, campaign(), d('2026-07-02T02:30:00Z')),
    ).toBeNull();
    expect(
      callingAreaClosedNow({ timeZones: ['Mars/Olympus'], states: [] }, campaign(), NOON_ISH),
    ).toBeNull();
  });
});

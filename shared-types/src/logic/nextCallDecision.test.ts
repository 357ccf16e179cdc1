import { describe, expect, it } from 'vitest';
import {
  callDecider,
  nextCallDecision,
  NO_CALL_REASONS,
  type CallHistory,
  type DecisionCampaign,
  type DecisionProspect,
} from './nextCallDecision';
import { campaign, d, history, NOON_ISH, prospect } from './nextCallDecision.fixtures';

type Case = [
  string,
  Partial<DecisionProspect>,
  Partial<DecisionCampaign>,
  Partial<CallHistory>,
  Date,
  string | null,
  string | null,
];

describe('nextCallDecision', () => {
  const cases: Case[] = [
    ['a first call inside the window', {}, {}, {}, NOON_ISH, null, null],
    [
      'outside_hours: 07:00 local',
      {},
      {},
      {},
      d('2026-07-01T11:00:00Z'),
      'outside_hours',
      '2026-07-01T12:00:00.000Z',
    ],
    [
      'outside_hours: the campaign ends at 17:00',
      {},
      { callingHours: { start: '09:00', end: '17:00', days: ['wed', 'thu'] } },
      {},
      d('2026-07-01T21:30:00Z'),
      'outside_hours',
      '2026-07-02T13:00:00.000Z',
    ],
    [
      'outside_hours: not a campaign day',
      {},
      { callingHours: { start: '09:00', end: '17:00', days: ['mon'] } },
      {},
      NOON_ISH,
      'outside_hours',
      '2026-07-06T13:00:00.000Z',
    ],
    [
      'state_rule: Florida stops at 20:00',
      { phoneNumber: '+13055550106', states: ['FL'] },
      {},
      {},
      d('2026-07-02T00:30:00Z'),
      'state_rule',
      '2026-07-02T12:00:00.000Z',
    ],
    [
      'daily_cap: Florida caps at the default too',
      { states: ['FL'] },
      {},
      { recentCalls: [d('2026-07-01T12:00:00Z'), d('2026-07-01T12:30:00Z'), d('2026-07-01T13:00:00Z')] },
      NOON_ISH,
      'daily_cap',
      '2026-07-02T12:00:00.000Z',
    ],
    ['do_not_call', {}, {}, { onDoNotCallList: true }, NOON_ISH, 'do_not_call', null],
    [
      'attempts_exhausted',
      {},
      { maxAttempts: 2 },
      { attempts: 2, lastAttemptAt: d('2026-06-30T14:00:00Z') },
      NOON_ISH,
      'attempts_exhausted',
      null,
    ],
    [
      'daily_cap: three calls in 24 hours',
      {},
      {},
      { recentCalls: [d('2026-06-30T15:00:00Z'), d('2026-06-30T20:00:00Z'), d('2026-07-01T13:00:00Z')] },
      NOON_ISH,
      'daily_cap',
      '2026-07-01T15:00:00.000Z',
    ],
    [
      'daily_cap: a call 24 hours ago no longer counts',
      {},
      {},
      { recentCalls: [d('2026-06-30T14:00:00Z'), d('2026-06-30T20:00:00Z'), d('2026-07-01T13:00:00Z')] },
      NOON_ISH,
      null,
      null,
    ],
    [
      'retry_wait: 240 minutes after the last attempt',
      {},
      {},
      { attempts: 1, lastAttemptAt: d('2026-07-01T13:00:00Z') },
      NOON_ISH,
      'retry_wait',
      '2026-07-01T17:00:00.000Z',
    ],
    [
      'retry_wait: spaced by the campaign',
      {},
      { retryDelayMinutes: 30 },
      { attempts: 1, lastAttemptAt: d('2026-07-01T13:45:00Z') },
      NOON_ISH,
      'retry_wait',
      '2026-07-01T14:15:00.000Z',
    ],
    [
      'retry due',
      {},
      { retryDelayMinutes: 30 },
      { attempts: 1, lastAttemptAt: d('2026-07-01T13:30:00Z') },
      NOON_ISH,
      null,
      null,
    ],
    [
      'retry_wait that ends after the window: the next morning',
      {},
      {},
      { attempts: 1, lastAttemptAt: d('2026-07-01T22:00:00Z') },
      d('2026-07-01T23:00:00Z'),
      'retry_wait',
      '2026-07-02T12:00:00.000Z',
    ],
    ['unknown_time_zone: none', { timeZones: [] }, {}, {}, NOON_ISH, 'unknown_time_zone', null],
    [
      'unknown_time_zone: not a zone',
      { timeZones: ['Mars/Olympus'] },
      {},
      {},
      NOON_ISH,
      'unknown_time_zone',
      null,
    ],
    ['invalid_number: not a number', { phoneNumber: '+1555' }, {}, {}, NOON_ISH, 'invalid_number', null],
    [
      'invalid_number: the last call said so',
      {},
      {},
      { invalidNumber: true, attempts: 1 },
      NOON_ISH,
      'invalid_number',
      null,
    ],
    [
      'monthly_volume_used: next month',
      {},
      {},
      { monthlyVolumeUsed: true },
      NOON_ISH,
      'monthly_volume_used',
      '2026-08-01T00:00:00.000Z',
    ],
    [
      'several zones: the western one is not open yet',
      { timeZones: ['America/Chicago', 'America/New_York'] },
      {},
      {},
      d('2026-07-01T12:30:00Z'),
      'outside_hours',
      '2026-07-01T13:00:00.000Z',
    ],
    [
      'too close to closing: ring timeout plus a minute',
      {},
      { ringTimeoutSeconds: 60 },
      {},
      d('2026-07-02T00:58:30Z'),
      'outside_hours',
      '2026-07-02T12:00:00.000Z',
    ],
  ];

  it.each(cases)('%s', (_name, p, c, h, now, reason, notBefore) => {
    const decision = nextCallDecision(prospect(p), campaign(c), history(h), now);
    if (reason === null) {
      expect(decision).toEqual({ call: true });
    } else {
      expect(decision).toEqual({ call: false, reason, notBefore: notBefore ? new Date(notBefore) : null });
    }
  });

  it('has a case for every reason the rules give', () => {
    const covered = new Set(cases.map((c) => c[5]));
    // `callback` is written when a call settles with a promise to call back, never by the rules.
    for (const reason of NO_CALL_REASONS.filter((r) => r !== 'callback'))
      expect(covered.has(reason)).toBe(true);
  });

  it('a Florida number gets at most 3 attempts in any 24 hours', () => {
    const fl = prospect({ phoneNumber: '+13055550106', states: ['FL'] });
    const calls: Date[] = [];
    let now = d('2026-07-01T12:00:00Z');
    const end = d('2026-07-03T12:00:00Z').getTime();
    while (now.getTime() < end) {
      const decision = nextCallDecision(
        fl,
        campaign({ maxAttempts: 5, retryDelayMinutes: 30 }),
        history({ recentCalls: calls }),
        now,
      );
      if (decision.call) calls.push(now);
      now = new Date(now.getTime() + 5 * 60_000);
    }
    for (const call of calls) {
      const within = calls.filter((other) => other >= call && other.getTime() < call.getTime() + 86_400_000);
      expect(within.length).toBeLessThanOrEqual(3);
    }
    expect(calls.length).toBeGreaterThanOrEqual(3);
  });
});

describe('callDecider', () => {
  it('decides a batch exactly as nextCallDecision decides each prospect', () => {
    const areas: Partial<DecisionProspect>[] = [
      { timeZones: ['America/New_York'], states: ['NY'] },
      { timeZones: ['America/Los_Angeles'], states: ['CA'] },
      { timeZones: ['America/Chicago', 'America/Denver'], states: ['TX'] },
      { timeZones: ['America/New_York'], states: ['FL'] },
      { timeZones: [], states: [] },
    ];
    const histories: Partial<CallHistory>[] = [
      {},
      { attempts: 1, lastAttemptAt: d('2026-07-01T12:00:00Z') },
      { recentCalls: [d('2026-07-01T13:00:00Z'), d('2026-07-01T13:30:00Z'), d('2026-07-01T13:50:00Z')] },
      { onDoNotCallList: true },
      { monthlyVolumeUsed: true },
    ];
    const numbers = ['+12125550106', '+12125550107', '+1212555010', '+12121550106'];
    for (const at of [NOON_ISH, d('2026-07-02T02:30:00Z'), d('2026-07-05T23:10:00Z')]) {
      const rules = campaign({ callingHours: { start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed'] } });
      const decide = callDecider(rules, at);
      for (const area of areas)
        for (const past of histories)
          for (const phoneNumber of numbers) {
            const who = prospect({ ...area, phoneNumber });
            expect(decide(who, history(past))).toEqual(nextCallDecision(who, rules, history(past), at));
          }
    }
  });
});

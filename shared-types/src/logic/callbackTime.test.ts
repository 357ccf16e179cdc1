import { describe, expect, it } from 'vitest';
import { callbackDueAt } from './callbackTime';
import type { DecisionCampaign } from './nextCallDecision';

const campaign = (overrides: Partial<DecisionCampaign> = {}): DecisionCampaign => ({
  callingHours: null,
  maxAttempts: 1,
  retryDelayMinutes: 240,
  ringTimeoutSeconds: 30,
  ...overrides,
});
const newYork = { timeZones: ['America/New_York'], states: ['NY'] };
const due = (requested: string, now: string, prospect = newYork, rules = campaign()) =>
  callbackDueAt(new Date(requested), prospect, rules, new Date(now)).toISOString();

// Monday 2026-12-07, 10:00 in New York.
const NOW = '2026-12-07T15:00:00.000Z';

describe('the time a promised call back is due', () => {
  it('keeps a time inside the calling rules', () => {
    expect(due('2026-12-08T14:00:00-05:00', NOW)).toBe('2026-12-08T19:00:00.000Z');
  });

  it("moves a time before the legal window to its opening in the prospect's zone", () => {
    // 10:00 UTC is 05:00 in New York: the window opens at 08:00.
    expect(due('2026-12-08T10:00:00Z', NOW)).toBe('2026-12-08T13:00:00.000Z');
  });

  it("moves a time after the campaign's hours to the next calling day", () => {
    const rules = campaign({ callingHours: { start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed'] } });
    // Tuesday 18:00 -> Wednesday 09:00; Thursday -> the next Monday.
    expect(due('2026-12-08T18:00:00-05:00', NOW, newYork, rules)).toBe('2026-12-09T14:00:00.000Z');
    expect(due('2026-12-10T11:00:00-05:00', NOW, newYork, rules)).toBe('2026-12-14T14:00:00.000Z');
  });

  it('gives a time in the past, or too soon, a short delay inside the window', () => {
    expect(due('2026-12-07T09:00:00-05:00', NOW)).toBe('2026-12-07T15:15:00.000Z');
    expect(due('2026-12-07T15:05:00Z', NOW)).toBe('2026-12-07T15:15:00.000Z');
    // Asked for at 20:55 for "in a minute": the window has closed, so the next morning.
    expect(due('2026-12-08T01:56:00Z', '2026-12-08T01:55:00Z')).toBe('2026-12-08T13:00:00.000Z');
  });

  it('caps a time too far out at thirty days', () => {
    expect(due('2027-03-01T15:00:00Z', NOW)).toBe('2027-01-06T15:00:00.000Z');
  });

  it('follows daylight saving in the zone', () => {
    const losAngeles = { timeZones: ['America/Los_Angeles'], states: ['CA'] };
    // 07:00 local both days: 14:00 UTC after the spring change, 15:00 UTC after the fall one.
    expect(due('2026-03-08T14:00:00Z', '2026-03-01T00:00:00Z', losAngeles)).toBe('2026-03-08T15:00:00.000Z');
    expect(due('2026-11-01T15:00:00Z', '2026-10-25T00:00:00Z', losAngeles)).toBe('2026-11-01T16:00:00.000Z');
  });

  it("skips a holiday where the prospect's state forbids calls on one, and its Sundays", () => {
    const louisiana = { timeZones: ['America/Chicago'], states: ['LA'] };
    // Christmas 2026 is a Friday: Saturday 08:00 in Chicago.
    expect(due('2026-12-25T10:00:00-06:00', NOW, louisiana)).toBe('2026-12-26T14:00:00.000Z');
    // Sunday 2026-12-13 is closed there: Monday 08:00.
    expect(due('2026-12-13T10:00:00-06:00', NOW, louisiana)).toBe('2026-12-14T14:00:00.000Z');
  });

  it('waits for the window to be open in every zone the number may ring in', () => {
    const both = { timeZones: ['America/New_York', 'America/Los_Angeles'], states: [] };
    expect(due('2026-12-08T13:00:00Z', NOW, both)).toBe('2026-12-08T16:00:00.000Z');
  });

  it('keeps the held time when the zone is not known', () => {
    expect(due('2026-12-08T10:00:00Z', NOW, { timeZones: ['Nowhere/Else'], states: [] })).toBe(
      '2026-12-08T10:00:00.000Z',
    );
  });
});

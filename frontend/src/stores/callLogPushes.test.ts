import { describe, expect, it } from 'vitest';
import { applyCallPush, dayBounds, matchesCallFilters } from './callLogPushes';
import { callRecord } from './testing/calls';

const call = callRecord;
const none = { status: null, from: null, to: null };

describe('matchesCallFilters', () => {
  it('checks the status and the inclusive range of creation instants', () => {
    expect(matchesCallFilters(none, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, status: 'completed' }, call(1))).toBe(false);
    expect(matchesCallFilters({ ...none, status: 'ringing' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, from: '2026-11-26T10:00:00.000Z' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, from: '2026-11-26T10:00:00.001Z' }, call(1))).toBe(false);
    expect(matchesCallFilters({ ...none, to: '2026-11-26T10:00:00.000Z' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, to: '2026-11-26T09:59:59.999Z' }, call(1))).toBe(false);
  });
});

describe('applyCallPush', () => {
  const shown = [call(2), call(1)];

  it('replaces a shown call in place', () => {
    const next = call(1, { status: 'completed', updatedAt: '2026-11-26T10:00:30.000Z' });
    expect(applyCallPush(shown, none, next)).toEqual({ items: [call(2), next] });
  });

  it('ignores a copy older than the one shown', () => {
    expect(applyCallPush(shown, none, call(1, { updatedAt: '2026-11-26T09:00:00.000Z' }))).toBe('ignore');
  });

  it('reads the page again when a call joins or leaves the filtered log', () => {
    expect(applyCallPush(shown, none, call(3))).toBe('reread');
    const ringing = { ...none, status: 'ringing' as const };
    expect(
      applyCallPush(shown, ringing, call(1, { status: 'completed', updatedAt: '2026-11-26T10:01:00.000Z' })),
    ).toBe('reread');
  });

  it('ignores a call outside the filters that is not shown', () => {
    expect(applyCallPush(shown, { ...none, status: 'busy' }, call(3))).toBe('ignore');
  });
});

describe('dayBounds', () => {
  it('spans the local day to the last millisecond', () => {
    const { start, end } = dayBounds('2026-11-26');
    expect(new Date(start).getDate()).toBe(26);
    expect(new Date(start).getHours()).toBe(0);
    expect(Date.parse(end) - Date.parse(start)).toBe(86_400_000 - 1);
  });
});

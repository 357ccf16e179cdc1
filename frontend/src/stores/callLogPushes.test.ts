import { describe, expect, it } from 'vitest';
import { applyCallPush, dayBounds, matchesCallFilters } from './callLogPushes';
import { callRecord } from './testing/calls';

const call = callRecord;
const none = { status: null, from: null, to: null };

describe('matchesCallFilters', () => {
  it('checks the status and the creation instant as the server does: from inclusive, to exclusive', () => {
    expect(matchesCallFilters(none, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, status: 'completed' }, call(1))).toBe(false);
    expect(matchesCallFilters({ ...none, status: 'ringing' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, from: '2026-11-26T10:00:00.000Z' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, from: '2026-11-26T10:00:00.001Z' }, call(1))).toBe(false);
    expect(matchesCallFilters({ ...none, to: '2026-11-26T10:00:00.001Z' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, to: '2026-11-26T10:00:00.000Z' }, call(1))).toBe(false);
    // A UTC midnight means its whole day.
    expect(matchesCallFilters({ ...none, to: '2026-11-26T00:00:00.000Z' }, call(1))).toBe(true);
    expect(matchesCallFilters({ ...none, to: '2026-11-25T00:00:00.000Z' }, call(1))).toBe(false);
  });

  it('checks the direction: the calls placed, or those rung into the campaign’s number', () => {
    const inbound = call(1, { direction: 'inbound' });
    expect(matchesCallFilters({ ...none, direction: 'inbound' }, inbound)).toBe(true);
    expect(matchesCallFilters({ ...none, direction: 'outbound' }, inbound)).toBe(false);
    expect(matchesCallFilters({ ...none, direction: 'inbound' }, call(2))).toBe(false);
  });

  it('checks the outcome: a call without one is in no outcome’s log', () => {
    const booked = call(1, { outcome: 'appointment_booked' });
    expect(matchesCallFilters({ ...none, outcome: 'appointment_booked' }, booked)).toBe(true);
    expect(matchesCallFilters({ ...none, outcome: 'interested' }, booked)).toBe(false);
    expect(matchesCallFilters({ ...none, outcome: 'interested' }, call(2))).toBe(false);
  });
});

describe('applyCallPush', () => {
  /** Calls created a second apart: call(n) at 10:00:n, so a higher id is newer. */
  const at = (id: number, over: Parameters<typeof call>[1] = {}) =>
    call(id, { createdAt: new Date(Date.UTC(2026, 10, 26, 10, 0, id)).toISOString(), ...over });
  const page = (ids: number[], total: number, pageNumber = 1, pageSize = 3) => ({
    items: ids.map((id) => at(id)),
    total,
    page: pageNumber,
    pageSize,
  });
  const ids = (outcome: ReturnType<typeof applyCallPush>) =>
    typeof outcome === 'string' ? outcome : { ids: outcome.items.map((c) => c.id), total: outcome.total };

  it('replaces a shown call in place', () => {
    const next = at(4, { status: 'completed', updatedAt: '2026-11-26T10:00:30.000Z' });
    const outcome = applyCallPush(page([5, 4, 3], 9), none, next);
    expect(outcome).toEqual({ items: [at(5), next, at(3)], total: 9 });
  });

  it('ignores a copy older than the one shown', () => {
    expect(applyCallPush(page([5, 4], 2), none, at(4, { updatedAt: '2026-11-26T09:00:00.000Z' }))).toBe(
      'ignore',
    );
  });

  it('puts a new call first on the first page and counts it; the last row moves to the next page', () => {
    expect(ids(applyCallPush(page([5, 4, 3], 9), none, at(6)))).toEqual({ ids: [6, 5, 4], total: 10 });
    expect(ids(applyCallPush(page([5, 3], 2), none, at(4)))).toEqual({ ids: [5, 4, 3], total: 3 });
    expect(ids(applyCallPush(page([], 0), none, at(1)))).toEqual({ ids: [1], total: 1 });
  });

  it('places a call that joins a status filter where the server lists it, when it falls on the page', () => {
    const ringing = { ...none, status: 'ringing' as const };
    expect(ids(applyCallPush(page([7, 4, 2], 6, 2), ringing, at(5)))).toEqual({ ids: [7, 5, 4], total: 7 });
    // After the rows of the last page.
    expect(ids(applyCallPush(page([7, 4], 5, 2), ringing, at(2)))).toEqual({ ids: [7, 4, 2], total: 6 });
  });

  it('ignores a call outside the filters that the page would list, and an older one listed on a later page', () => {
    expect(applyCallPush(page([5, 3], 2), { ...none, status: 'busy' }, at(4))).toBe('ignore');
    expect(applyCallPush(page([5, 3], 2), { ...none, to: '2026-11-26T10:00:04.000Z' }, at(4))).toBe('ignore');
    expect(applyCallPush(page([9, 8, 7], 9), none, at(2, { status: 'completed' }))).toBe('ignore');
  });

  it('drops a shown call that leaves the filters when no row waits after the page, else reads again', () => {
    const ringing = { ...none, status: 'ringing' as const };
    const left = (id: number) => at(id, { status: 'completed', updatedAt: '2026-11-26T10:01:00.000Z' });
    expect(ids(applyCallPush(page([5, 4, 3], 3), ringing, left(4)))).toEqual({ ids: [5, 3], total: 2 });
    expect(applyCallPush(page([5, 4, 3], 4), ringing, left(4))).toBe('reread');
  });

  it('reads again where the push cannot say what the page shows', () => {
    const ringing = { ...none, status: 'ringing' as const };
    // A new call shifts every row of a later page.
    expect(applyCallPush(page([5, 4, 3], 9, 2), none, at(8))).toBe('reread');
    // Under a status filter, a call of a later page may have joined or left: the total moves.
    expect(applyCallPush(page([9, 8, 7], 9), ringing, at(2))).toBe('reread');
    expect(applyCallPush(page([9, 8, 7], 9), ringing, at(2, { status: 'completed' }))).toBe('reread');
    // So under an outcome filter: a call of a later page may just have had its outcome written.
    const booked = { ...none, outcome: 'appointment_booked' as const };
    expect(applyCallPush(page([9, 8, 7], 9), booked, at(2, { outcome: 'appointment_booked' }))).toBe(
      'reread',
    );
    expect(applyCallPush(page([9, 8, 7], 9), booked, at(2))).toBe('reread');
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

import type { CallRecord } from '@ringcast/shared-types';
import type { CallFilters } from '../api/calls';
import { isNotOlder } from './createResourceStore';

/** Whether the call belongs in a log filtered so (`from` and `to` are instants, inclusive). */
export function matchesCallFilters(filters: CallFilters, call: CallRecord): boolean {
  if (filters.status && call.status !== filters.status) return false;
  const created = Date.parse(call.createdAt);
  if (filters.from && created < Date.parse(filters.from)) return false;
  if (filters.to && created > Date.parse(filters.to)) return false;
  return true;
}

/**
 * What a pushed call does to the page of the log on screen: a call shown there is replaced in
 * place (an older copy than the one shown changes nothing); a call that joins or leaves the
 * filtered log moves rows between pages and the total, which only the server can count, so the
 * page is read again.
 */
export function applyCallPush(
  items: CallRecord[],
  filters: CallFilters,
  call: CallRecord,
): { items: CallRecord[] } | 'reread' | 'ignore' {
  const index = items.findIndex((row) => row.id === call.id);
  const matches = matchesCallFilters(filters, call);
  if (index === -1) return matches ? 'reread' : 'ignore';
  if (!isNotOlder(call, items[index]!)) return 'ignore';
  if (!matches) return 'reread';
  const next = items.slice();
  next[index] = call;
  return { items: next };
}

/** The day picked in the viewer's calendar ("2026-11-26") as the instants that bound it. */
export function dayBounds(day: string): { start: string; end: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d);
  const end = new Date(y, m - 1, d + 1);
  return { start: start.toISOString(), end: new Date(end.getTime() - 1).toISOString() };
}

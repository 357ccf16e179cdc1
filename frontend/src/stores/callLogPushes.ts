import type { CallRecord } from '@ringcast/shared-types';
import type { CallFilters } from '../api/calls';
import { matchesAnalysisFilters } from '../components/analysis/analysisFilterMatch';
import { hasAnalysisFilters } from '../components/analysis/analysisFilterQuery';
import { isNotOlder } from './createResourceStore';

const DAY_MS = 86_400_000;

/**
 * Whether the call belongs in a log filtered so, as the server decides (callLog.ts): created at
 * `from` or after, and before `to` (before the end of its day when `to` is a UTC midnight).
 */
export function matchesCallFilters(filters: CallFilters, call: CallRecord): boolean {
  if (filters.status && call.status !== filters.status) return false;
  if (filters.outcome && call.outcome !== filters.outcome) return false;
  if (filters.direction && call.direction !== filters.direction) return false;
  if (!matchesAnalysisFilters(filters, call)) return false;
  const created = Date.parse(call.createdAt);
  if (filters.from && created < Date.parse(filters.from)) return false;
  if (filters.to) {
    const to = Date.parse(filters.to);
    if (created >= (to % DAY_MS === 0 ? to + DAY_MS : to)) return false;
  }
  return true;
}

/** The server's order of the log (callLog.ts): newest first, then the highest id. */
const comesBefore = (a: CallRecord, b: CallRecord) => {
  const byCreation = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return byCreation < 0 || (byCreation === 0 && a.id > b.id);
};

/** The page of the log on screen: its rows, which page it is, and how many calls the filtered log holds. */
export interface ShownPage {
  items: CallRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * What a pushed call does to the page of the log on screen, placed where the server would list it
 * (newest first, the filters evaluated here). A call shown there is replaced in place (an older
 * copy than the one shown changes nothing). A matching call that falls among the rows shown (or
 * after them on the last page, or anywhere on the first page) was not in the filtered log when the
 * page was read: it is inserted and counted. The page is read again only where the push cannot say
 * what to show:
 * - a call placed before the rows of a later page is new there (every row shifts, and which row
 *   moves in from the page before is on the server) or already listed on an earlier page: the push
 *   does not say which;
 * - a shown call that leaves the filtered log (its status, its outcome) lets the next page's first
 *   row move up;
 * - with a status, an outcome or an analysis filter, a call of another page may have just joined or
 *   left the log (the push does not carry what it was before): only the server can count the total.
 * Without those filters, a call never leaves the log, and a new one is the newest.
 */
export function applyCallPush(
  shown: ShownPage,
  filters: CallFilters,
  call: CallRecord,
): Pick<ShownPage, 'items' | 'total'> | 'reread' | 'ignore' {
  const { items, total, page, pageSize } = shown;
  const index = items.findIndex((row) => row.id === call.id);
  const matches = matchesCallFilters(filters, call);
  if (index !== -1) {
    if (!isNotOlder(call, items[index]!)) return 'ignore';
    if (matches) return { items: items.with(index, call), total };
    const rowsAfterPage = total - (page - 1) * pageSize - items.length;
    if (rowsAfterPage > 0 || (items.length === 1 && page > 1)) return 'reread';
    return { items: items.toSpliced(index, 1), total: total - 1 };
  }
  const place = items.findIndex((row) => comesBefore(call, row));
  const at = place === -1 ? items.length : place;
  const beforePage = at === 0 && page > 1;
  const afterPage = at === items.length && items.length >= pageSize;
  if (beforePage || afterPage)
    return filters.status || filters.outcome || hasAnalysisFilters(filters) || (matches && beforePage)
      ? 'reread'
      : 'ignore';
  // Among the rows shown: had it matched when the page was read, it would be one of them.
  if (!matches) return 'ignore';
  return { items: items.toSpliced(at, 0, call).slice(0, pageSize), total: total + 1 };
}

/** The day picked in the viewer's calendar ("2026-11-26") as the instants that bound it. */
export function dayBounds(day: string): { start: string; end: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d);
  const end = new Date(y, m - 1, d + 1);
  return { start: start.toISOString(), end: new Date(end.getTime() - 1).toISOString() };
}

import { TOTAL_COUNT_HEADER } from '@ringcast/shared-types';
import { apiFetch, readJson } from './client';

/** One page of a server-paged list and how many rows match in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** GET a paged list: the array body, the total from X-Total-Count (the page itself when absent). */
export async function fetchPage<T>(
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<Page<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  const res = await apiFetch('GET', text ? `${path}?${text}` : path);
  const items = await readJson<T[]>(res);
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return {
    items,
    total: Number.isFinite(total) && res.headers.has(TOTAL_COUNT_HEADER) ? total : items.length,
  };
}

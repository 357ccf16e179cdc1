import type { Context } from 'koa';
import { TOTAL_COUNT_HEADER } from '@ringcast/shared-types';
import type { Page } from '../../services/admin/listQuery';

/** Admin lists answer a plain JSON array (spec §7); how many rows match in all rides in X-Total-Count. */
export function respondWithPage<T, R>(ctx: Context, page: Page<T>, present: (row: T) => R): void {
  ctx.set(TOTAL_COUNT_HEADER, String(page.total));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = page.rows.map((row) => present(row));
}

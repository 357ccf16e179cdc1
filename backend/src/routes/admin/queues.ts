import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import compose from 'koa-compose';
import type { Middleware } from 'koa';
import { JOB_NAMES } from '@ringcast/shared-types';
import { requireAdmin } from '../../middlewares/auth';
import { getQueue } from '../../queues';

/** Where admins watch and retry the queues (bull-board). */
export const QUEUES_PATH = '/admin/queues';

let board: Middleware | undefined;

/** The board is built on the first admin's visit: the api opens no queue it does not need. */
function queuesBoard(): Middleware {
  if (!board) {
    const serverAdapter = new KoaAdapter().setBasePath(QUEUES_PATH);
    createBullBoard({ queues: JOB_NAMES.map((name) => new BullMQAdapter(getQueue(name))), serverAdapter });
    board = serverAdapter.registerPlugin({ mount: QUEUES_PATH });
  }
  return board;
}

/** The queue dashboard, for admins only (the same check as every /api/admin call). */
export const adminQueues: Middleware = compose([requireAdmin, (ctx, next) => queuesBoard()(ctx, next)]);

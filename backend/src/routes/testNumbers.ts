import Router from '@koa/router';
import { TEST_NUMBER_NOT_FOUND, createTestNumberSchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody } from '../middlewares/validate';
import { presentTestNumber } from '../presenters/testNumber';
import { addTestNumber, listTestNumbers, removeTestNumber } from '../services/testNumbers';

/** The phones besides the profile's that the owner's test calls may ring. */
export const testNumbersRouter = new Router({ prefix: '/api/test-numbers' });

testNumbersRouter.get('/', requireUser, async (ctx) => {
  ctx.body = (await listTestNumbers(currentUser(ctx).id)).map(presentTestNumber);
});

testNumbersRouter.post('/', requireUser, async (ctx) => {
  const input = await validateBody(ctx, createTestNumberSchema);
  ctx.status = 201;
  ctx.body = presentTestNumber(await addTestNumber(currentUser(ctx).id, input));
});

testNumbersRouter.delete('/:id', requireUser, async (ctx) => {
  await removeTestNumber(currentUser(ctx).id, idParam(ctx, 'id', TEST_NUMBER_NOT_FOUND));
  ctx.status = 204;
});

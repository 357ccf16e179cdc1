import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  PROSPECT_FILE_MAX_BYTES,
  addDoNotCallSchema,
  doNotCallQuerySchema,
  prospectFileExtension,
} from '@ringcast/shared-types';
import { currentUser } from '../middlewares/auth';
import { receiveFileUpload, receivedFile } from '../middlewares/fileUpload';
import { validateBody, validateQuery } from '../middlewares/validate';
import { presentDoNotCall } from '../presenters/doNotCall';
import { uploadDoNotCallNumbers } from '../services/doNotCallUpload';
import {
  addDoNotCallNumber,
  listDoNotCall,
  removeDoNotCallNumber,
  type DoNotCallOwner,
} from '../services/doNotCallList';
import { respondWithPage } from './admin/respondWithPage';

/**
 * The routes of a do-not-call list, the same for a customer's own and the platform's: `guard`
 * lets the caller in, `ownerOf` says whose list the request is about.
 */
export function mountDoNotCallRoutes(
  router: Router,
  guard: Middleware,
  ownerOf: (ctx: Context) => DoNotCallOwner,
) {
  router.get('/', guard, async (ctx) => {
    const query = await validateQuery(ctx, doNotCallQuerySchema);
    respondWithPage(ctx, await listDoNotCall(ownerOf(ctx), query), presentDoNotCall);
  });

  router.post('/', guard, async (ctx) => {
    const input = await validateBody(ctx, addDoNotCallSchema);
    const { entry, created } = await addDoNotCallNumber(ownerOf(ctx), input, currentUser(ctx).id);
    ctx.status = created ? 201 : 200;
    ctx.body = presentDoNotCall(entry);
  });

  router.post(
    '/upload',
    guard,
    receiveFileUpload({
      field: 'file',
      maxBytes: PROSPECT_FILE_MAX_BYTES,
      acceptsName: (name) => prospectFileExtension(name) !== null,
      wrongTypeMessage: INVALID_FILE_TYPE.description,
      tooLargeMessage: FILE_TOO_LARGE.description,
    }),
    async (ctx) => {
      ctx.body = await uploadDoNotCallNumbers(ownerOf(ctx), receivedFile(ctx), currentUser(ctx).id);
    },
  );

  router.delete('/:phoneNumber', guard, async (ctx) => {
    await removeDoNotCallNumber(ownerOf(ctx), String(ctx.params.phoneNumber));
    ctx.status = 204;
  });
}

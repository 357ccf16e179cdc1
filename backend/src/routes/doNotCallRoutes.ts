import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  DO_NOT_CALL_IMPORT_NOT_FOUND,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  PROSPECT_FILE_MAX_BYTES,
  addDoNotCallSchema,
  doNotCallQuerySchema,
  prospectFileExtension,
  type DoNotCallImportAccepted,
} from '@ringcast/shared-types';
import { currentUser } from '../middlewares/auth';
import { receiveFileUpload, receivedFile } from '../middlewares/fileUpload';
import { idParam, validateBody, validateQuery } from '../middlewares/validate';
import { presentDoNotCall, presentDoNotCallImport } from '../presenters/doNotCall';
import { findDoNotCallImport } from '../services/doNotCallImport';
import { uploadDoNotCallNumbers } from '../services/doNotCallUpload';
import { addDoNotCallNumber, listDoNotCall, removeDoNotCallNumber } from '../services/doNotCallList';
import type { DoNotCallOwner } from '../services/calls/doNotCall';
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
      const outcome = await uploadDoNotCallNumbers(ownerOf(ctx), receivedFile(ctx), currentUser(ctx).id);
      if (outcome.kind === 'added') {
        ctx.body = outcome.result;
        return;
      }
      // Too many rows for the request: the worker adds them; the import tells how far it got.
      ctx.status = 202;
      ctx.set('Location', `${router.opts.prefix ?? ''}/imports/${outcome.import.id}`);
      ctx.body = { import: presentDoNotCallImport(outcome.import) } satisfies DoNotCallImportAccepted;
    },
  );

  router.get('/imports/:id', guard, async (ctx) => {
    const id = idParam(ctx, 'id', DO_NOT_CALL_IMPORT_NOT_FOUND);
    ctx.body = presentDoNotCallImport(await findDoNotCallImport(ownerOf(ctx), id));
  });

  router.delete('/:phoneNumber', guard, async (ctx) => {
    await removeDoNotCallNumber(ownerOf(ctx), String(ctx.params.phoneNumber));
    ctx.status = 204;
  });
}

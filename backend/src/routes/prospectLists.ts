import Router from '@koa/router';
import {
  PROSPECT_LIST_DELETED_MESSAGE,
  type ProspectListDeleteResponse,
  type ProspectListUploadResponse,
} from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { PROSPECT_FILE_UPLOAD } from '../services/prospectImport/uploadRule';
import { receiveFileUpload, receivedFile } from '../middlewares/fileUpload';
import { idParam } from '../middlewares/validate';
import { rateLimit } from '../middlewares/rateLimit';
import { presentProspectList } from '../presenters/prospectList';
import { checkProspectFileContent } from '../services/prospectImport/uploadCheck';
import { sendCsv } from '../presenters/csv';
import { skippedRowsCsv, skippedRowsFileName } from '../services/prospectImport/skippedRows';
import {
  PROSPECT_LIST_NOT_FOUND,
  createProspectListFromUpload,
  deleteProspectList,
  findOwnProspectList,
  listProspectLists,
} from '../services/prospectLists';

export const prospectListsRouter = new Router({ prefix: '/api/prospect-lists' });

prospectListsRouter.get('/', requireUser, async (ctx) => {
  const lists = await listProspectLists(currentUser(ctx).id);
  ctx.body = lists.map(presentProspectList);
});

prospectListsRouter.post(
  '/upload',
  requireUser,
  rateLimit('uploadPerUser', 'uploadPerAddress'),
  receiveFileUpload(PROSPECT_FILE_UPLOAD),
  async (ctx) => {
    const upload = receivedFile(ctx);
    const format = await checkProspectFileContent(upload);
    const list = await createProspectListFromUpload({
      userId: currentUser(ctx).id,
      originalName: upload.originalName,
      tempPath: upload.tempPath,
      format,
    });
    ctx.status = 201;
    ctx.body = {
      message: `"${list.name}" was uploaded. We are reading its contacts now; the count appears in your list when it is done.`,
      prospectList: presentProspectList(list),
    } satisfies ProspectListUploadResponse;
  },
);

/** The rows the parse left out, with why, as a CSV file: the owner's own lists only. */
prospectListsRouter.get('/:id/skipped.csv', requireUser, async (ctx) => {
  const list = await findOwnProspectList(currentUser(ctx).id, idParam(ctx, 'id', PROSPECT_LIST_NOT_FOUND));
  sendCsv(ctx, skippedRowsFileName(list.name), skippedRowsCsv(list));
});

prospectListsRouter.delete('/:id', requireUser, async (ctx) => {
  await deleteProspectList(currentUser(ctx).id, idParam(ctx, 'id', PROSPECT_LIST_NOT_FOUND));
  ctx.body = {
    message: PROSPECT_LIST_DELETED_MESSAGE,
  } satisfies ProspectListDeleteResponse;
});

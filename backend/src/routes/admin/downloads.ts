import Router from '@koa/router';
import { currentUser, requireAdmin } from '../../middlewares/auth';
import { adminDownloadQuerySchema } from '@ringcast/shared-types';
import { validateQuery } from '../../middlewares/validate';
import { openDownload } from '../../services/admin/downloads';

/** The name for clients that ignore filename*: anything but printable ASCII becomes '?'. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]/g, '?');

export const adminDownloadsRouter = new Router({ prefix: '/api/admin/download' });

/**
 * An uploaded prospect list or agent document (spec §7), saved under the name it was uploaded
 * with; a prospect list as a copy whose cells run no formula unless `?original=true`. `fileName` is the stored name, already URL-decoded once by the router; it is only ever
 * looked up in the database, never joined into a path.
 */
adminDownloadsRouter.get('/:kind/:fileName', requireAdmin, async (ctx) => {
  const query = await validateQuery(ctx, adminDownloadQuerySchema);
  const download = await openDownload(currentUser(ctx), ctx.params.kind, ctx.params.fileName, query);
  // RFC 6266: a quoted ASCII name, plus filename*=UTF-8''... with the exact name when it is not ASCII.
  ctx.attachment(download.fileName, { fallback: asciiFallback(download.fileName) });
  ctx.type = download.contentType;
  if (download.sizeBytes !== undefined) ctx.length = download.sizeBytes;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.status = 200;
  if (ctx.method !== 'HEAD') ctx.body = download.open();
});

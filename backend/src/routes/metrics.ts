import Router from '@koa/router';
import { ERROR_CODES } from '@ringcast/shared-types';
import { config } from '../config';
import { HttpError, notFound } from '../errors';
import { isScrapeAuthorized, metricsExposition } from '../metrics';

export const METRICS_PATH = '/metrics';

export const metricsRouter = new Router();

/**
 * Prometheus's scrape of this api process. Off (404, as any unknown path) while METRICS_TOKEN is
 * unset; with it, only a request bearing that token is answered.
 */
metricsRouter.get(METRICS_PATH, async (ctx) => {
  const token = config.metricsToken;
  if (!token) throw notFound();
  if (!isScrapeAuthorized(ctx.get('Authorization'), token))
    throw new HttpError(401, 'A valid metrics token is required', ERROR_CODES.unauthenticated, undefined, {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
  const { contentType, body } = await metricsExposition();
  ctx.set('Cache-Control', 'no-store');
  ctx.type = contentType;
  ctx.body = body;
});

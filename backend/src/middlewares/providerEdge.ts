import Router from '@koa/router';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { keepRawBody } from './rawBody';

/** Where a provider meets us: its webhooks, or the sandbox that stands in for it. */
export interface ProviderEdge {
  router: Router;
  /** Read the body as sent (up to this size) into `ctx.state.rawBody` before the routes run. */
  rawBodyLimitBytes?: number;
  /**
   * Checks the provider's signature over the raw body and answers what the routes may trust
   * (`ctx.state.verified`); throws when it does not hold.
   */
  verify?: (ctx: Context, rawBody: Buffer) => unknown;
}

/**
 * Serves an edge's routes under `prefix`, its raw body read and verified first. Both run only for
 * requests one of its routes answers, and the edge's middleware stays inside its prefix.
 */
export function mountProviderEdge(app: Koa, prefix: string, edge: ProviderEdge): void {
  const { router, rawBodyLimitBytes, verify } = edge;
  const outer = new Router();
  if (rawBodyLimitBytes) outer.use(keepRawBody(rawBodyLimitBytes));
  if (verify)
    outer.use(async (ctx, next) => {
      ctx.state.verified = await verify(ctx, ctx.state.rawBody as Buffer);
      return next();
    });
  outer.use(router.routes());
  const routes = outer.routes() as Middleware;
  app.use((ctx, next) =>
    ctx.path === prefix || ctx.path.startsWith(`${prefix}/`) ? routes(ctx, next) : next(),
  );
}

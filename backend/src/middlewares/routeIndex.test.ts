import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedRoutes } from './routeIndex';

/** Each route notes that it ran and passes on, so a request shows every route it met, in order. */
function routerWith(name: string, routes: [method: 'get' | 'post' | 'put', path: string | RegExp][]) {
  const router = new Router();
  for (const [method, path] of routes)
    router[method](path, (ctx, next) => {
      (ctx.state.ran as string[]).push(`${name} ${String(path)} ${JSON.stringify(ctx.params)}`);
      return next();
    });
  return router;
}

const routers = [
  routerWith('auth', [
    ['get', '/api/auth/user'],
    ['post', '/api/register'],
    ['post', '/api/auth/forgot-password'],
  ]),
  routerWith('campaigns', [
    ['get', '/api/campaigns'],
    ['get', '/api/campaigns/:id'],
    ['put', '/api/campaigns/:id'],
  ]),
  routerWith('calls', [['get', '/api/campaigns/:id/calls']]),
  routerWith('calendar', [
    ['get', '/calendar/:file'],
    ['post', '/unsubscribe'],
  ]),
  routerWith('anywhere', [['get', '/:section/campaigns']]),
  routerWith('feeds', [['get', '/calendar/feeds/all']]),
  routerWith('pattern', [['get', /^\/api\/legacy\/(\d+)$/]]),
];

/** An app serving the routers one way, answering with the routes met and what allowedMethods said. */
async function serve(routes: Middleware, allowedMethods: Middleware) {
  const app = new Koa();
  app.use(async (ctx, next) => {
    ctx.state.ran = [];
    await next();
    ctx.body = { status: ctx.status, allow: ctx.response.get('Allow'), ran: ctx.state.ran };
    ctx.status = 200;
  });
  app.use(routes);
  app.use(allowedMethods);
  const server = http.createServer(app.callback()).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const oneRouter = new Router();
for (const router of routers) oneRouter.use(router.routes());
let indexed: Awaited<ReturnType<typeof serve>>;
let plain: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  const allowedMethods = new Router().allowedMethods() as Middleware;
  indexed = await serve(indexedRoutes(routers), allowedMethods);
  plain = await serve(oneRouter.routes() as Middleware, oneRouter.allowedMethods() as Middleware);
});
afterAll(() => {
  indexed.server.close();
  plain.server.close();
});

const REQUESTS: [method: string, path: string][] = [
  ['GET', '/api/auth/user'],
  ['GET', '/API/Auth/USER/'],
  ['POST', '/api/register'],
  ['GET', '/api/register'],
  ['OPTIONS', '/api/campaigns/7'],
  ['GET', '/api/campaigns/7'],
  ['PUT', '/api/campaigns/7/'],
  ['DELETE', '/api/campaigns/7'],
  ['GET', '/api/campaigns/7/calls'],
  ['GET', '/api/campaigns/7/calls/8'],
  ['GET', '/calendar/feed.ics'],
  ['GET', '/calendar'],
  ['POST', '/unsubscribe/'],
  ['GET', '/api/campaigns'],
  ['GET', '/other/campaigns'],
  ['GET', '/calendar/feeds'],
  ['GET', '/calendar/feeds/all'],
  ['GET', '/api/legacy/12'],
  ['GET', '/api/'],
  ['GET', '/api'],
  ['GET', '/'],
  ['GET', '/api/nothing/here'],
  ['GET', '/api/au.th/user'],
];

describe('indexed routes', () => {
  it.each(REQUESTS)(
    '%s %s meets the routes, in the order, that one router holding them all would',
    async (method, path) => {
      const answer = async (url: string) => (await fetch(url + path, { method })).json();
      const [expected, actual] = await Promise.all([answer(plain.url), answer(indexed.url)]);
      expect(actual).toEqual(expected);
    },
  );
});

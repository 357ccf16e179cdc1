import Router from '@koa/router';
import type { Middleware } from 'koa';

/*
 * @koa/router tests a request against each of its routes in turn, a regular expression each: with
 * every resource's routes in one router (over a hundred), that was the largest part of a signed-in
 * read's own cost. A request is instead handed to a router holding only the resource routers that
 * could answer it, chosen by the fixed words its path starts with.
 */

const FIXED_WORD = /^[\w-]+$/;

/**
 * The fixed words a route's path starts with, at most two, lowercased (routes match regardless of
 * case): '/api/campaigns/:id' -> '/api/campaigns', '/calendar/:file' -> '/calendar'; '' for a path
 * that starts with a parameter or is a regular expression.
 */
function leadingWords(path: string | RegExp): string {
  if (typeof path !== 'string') return '';
  let words = '';
  for (const word of path.split('/', 3).slice(1)) {
    if (!FIXED_WORD.test(word)) break;
    words += `/${word.toLowerCase()}`;
  }
  return words;
}

function combine(routers: Router[]): Middleware {
  const combined = new Router();
  for (const router of routers) combined.use(router.routes());
  return combined.routes() as Middleware;
}

/**
 * Every router's routes, as one router holding them all would serve them (same matches, same
 * order, `ctx.matched` for allowedMethods), each request tried against fewer of them: those whose
 * leading words are the request's, a prefix of them, or none. A path none of them starts with
 * meets every route.
 */
export function indexedRoutes(routers: Router[]): Middleware {
  const wordsOf = new Map(
    routers.map((router) => [router, router.stack.map((layer) => leadingWords(layer.path))]),
  );
  const keys = new Set([...wordsOf.values()].flat().filter(Boolean));
  const byWords = new Map<string, Middleware>();
  for (const key of keys) {
    // A route answers under its own words and under any that go on from them ('' starts them all).
    const couldAnswer = (words: string) => words === key || key.startsWith(`${words}/`);
    byWords.set(key, combine(routers.filter((router) => wordsOf.get(router)!.some(couldAnswer))));
  }
  const everyRoute = combine(routers);
  return (ctx, next) => {
    const [, first, second] = ctx.path.toLowerCase().split('/', 3);
    const routes =
      (second !== undefined && byWords.get(`/${first}/${second}`)) || byWords.get(`/${first}`) || everyRoute;
    return routes(ctx, next);
  };
}

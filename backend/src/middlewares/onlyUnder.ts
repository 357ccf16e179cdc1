import type { Context, Middleware, Next } from 'koa';

/** Runs `middleware` only for paths under `prefix`; every other request skips it outright. */
export function onlyUnder<C extends Context>(
  prefix: string,
  middleware: (ctx: C, next: Next) => unknown,
): Middleware {
  return (ctx, next) => (ctx.path.startsWith(prefix) ? middleware(ctx as C, next) : next());
}

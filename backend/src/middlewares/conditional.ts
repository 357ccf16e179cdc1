import type { Context, Middleware, Next } from 'koa';

/*
 * Middlewares that only some requests need, skipped outright by the rest: every layer a request
 * enters costs it a promise and a microtask, and these sit in front of every API call.
 */

/** Runs `middleware` only for paths under `prefix`. */
export function onlyUnder<C extends Context>(
  prefix: string,
  middleware: (ctx: C, next: Next) => unknown,
): Middleware {
  return (ctx, next) => (ctx.path.startsWith(prefix) ? middleware(ctx as C, next) : next());
}

/** Runs `middleware` only for requests with one of these methods. */
export function onlyFor(methods: readonly string[], middleware: Middleware): Middleware {
  const wanted = new Set(methods);
  return (ctx, next) => (wanted.has(ctx.method) ? middleware(ctx, next) : next());
}

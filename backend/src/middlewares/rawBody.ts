import type { Context, Middleware } from 'koa';
import { tooLarge } from '../errors';

async function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limitBytes) throw tooLarge(`Request body is too large (at most ${limitBytes} bytes)`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw tooLarge(`Request body is too large (at most ${limitBytes} bytes)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Keeps the body exactly as sent in `ctx.state.rawBody` (empty for a GET), for the routes that must
 * not have it parsed: a webhook signature covers the raw bytes, and the Stripe sandbox reads form
 * bodies itself. They run before (or are skipped by) koa-body, so the stream is still unread.
 */
export const keepRawBody =
  (limitBytes: number): Middleware =>
  async (ctx, next) => {
    const bodiless = ctx.method === 'GET' || ctx.method === 'HEAD';
    ctx.state.rawBody = bodiless ? Buffer.alloc(0) : await readRawBody(ctx, limitBytes);
    return next();
  };

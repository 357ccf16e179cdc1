import type { Context, Middleware } from 'koa';
import { tooLarge } from '../errors';

/**
 * Reads the request's bytes with plain stream events: an async iterator over the request costs
 * several times as much, which shows when webhooks arrive by the thousand a second.
 */
function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limitBytes)
    return Promise.reject(tooLarge(`Request body is too large (at most ${limitBytes} bytes)`));
  const req = ctx.req;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      // The rest is read and dropped, so the answer (413) still reaches the sender.
      req.off('data', onData);
      req.resume();
      reject(tooLarge(`Request body is too large (at most ${limitBytes} bytes)`));
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
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

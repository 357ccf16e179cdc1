import type { Context } from 'koa';
import { tooLarge } from '../errors';

/**
 * The request body exactly as sent, for the few routes that must not have it parsed first: a
 * webhook signature covers the raw bytes, and the Stripe sandbox reads form bodies itself.
 * Those routes run before (or are skipped by) koa-body, so the stream is still unread here.
 */
export async function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
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

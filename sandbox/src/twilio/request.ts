import type { Context } from 'koa';
import { TwilioSandboxError } from './errors';

/**
 * Twilio's REST requests: form-encoded bodies (a list repeats its key, as the SDK sends
 * `StatusCallbackEvent`) and query strings, read into plain fields.
 */
export type TwilioForm = Record<string, string | string[]>;

const BODY_LIMIT_BYTES = 64 * 1024;

async function readBody(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) throw new TwilioSandboxError(413, 20001, 'Request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseForm(raw: string): TwilioForm {
  const form: TwilioForm = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const seen = form[key];
    form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return form;
}

/** The request's fields: the form body of a POST, the query string otherwise. */
export async function readForm(ctx: Context): Promise<TwilioForm> {
  if (ctx.method !== 'POST') return parseForm(ctx.querystring);
  if (ctx.get('Content-Type') && !ctx.is('application/x-www-form-urlencoded')) {
    throw new TwilioSandboxError(400, 20001, 'The body must be application/x-www-form-urlencoded');
  }
  return parseForm(await readBody(ctx));
}

/** A single field (the last one when repeated), undefined when absent or empty. */
export function field(form: TwilioForm, key: string): string | undefined {
  const value = form[key];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === '' ? undefined : last;
}

/** A list field: every value of a repeated key (Twilio also accepts them space-separated). */
export function fieldList(form: TwilioForm, key: string): string[] {
  const value = form[key];
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return values.flatMap((v) => v.split(/\s+/)).filter(Boolean);
}

import type { Context } from 'koa';
import { ValidationError, type AnySchema, type InferType } from 'yup';
import { idParamSchema, validateInput } from '@ringcast/shared-types';
import { badRequest, notFound } from '../errors';

/** Validates the JSON body with a shared schema; 400 with one message per field when it fails. */
export async function validateBody<S extends AnySchema>(ctx: Context, schema: S): Promise<InferType<S>> {
  const body: unknown = ctx.request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object');
  }
  const result = await validateInput(schema, body ?? {});
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.value;
}

/** Validates the query string with a shared schema; 400 with one message per field when it fails. */
export async function validateQuery<S extends AnySchema>(ctx: Context, schema: S): Promise<InferType<S>> {
  // A repeated key arrives as an array, which yup would quietly cast to its first entry.
  const repeated = Object.keys(ctx.query).find((key) => Array.isArray(ctx.query[key]));
  if (repeated) {
    const message = `${repeated} must be given once`;
    throw badRequest(message, { [repeated]: message });
  }
  const result = await validateInput(schema, { ...ctx.query });
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.value;
}

/**
 * The record id in the path parameter `name`, read by the shared idParamSchema. Anything else is
 * answered like an id that does not exist (404 with `notFoundMessage`), so ids reveal nothing.
 */
export function idParam(ctx: Context, name: string, notFoundMessage: string): number {
  try {
    return idParamSchema.validateSync((ctx.params as Record<string, string | undefined>)[name]);
  } catch (err) {
    if (err instanceof ValidationError) throw notFound(notFoundMessage);
    throw err;
  }
}

import type { Context } from 'koa';
import type { AnySchema, InferType } from 'yup';
import { validateInput } from '@ringcast/shared-types';
import { badRequest } from '../errors';

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

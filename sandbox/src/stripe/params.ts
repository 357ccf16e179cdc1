import { formObject, formString, type FormObject } from './formBody';
import { invalidRequest } from './errors';

/** Checks of Stripe's request parameters, with Stripe's messages. */

/** Stripe refuses parameters it does not know; so does the sandbox, which catches typos early. */
export function rejectUnknownParams(body: FormObject, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((name) => name !== 'expand' && !allowed.includes(name));
  if (unknown)
    throw invalidRequest(`Received unknown parameter: ${unknown}`, {
      code: 'parameter_unknown',
      param: unknown,
    });
}

const MINIMUM_AMOUNT_CENTS = 50;
const MAXIMUM_AMOUNT_CENTS = 99_999_999;

export function readAmount(body: FormObject, required: boolean): number | undefined {
  const text = formString(body, 'amount');
  if (text === undefined) {
    if (required)
      throw invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    return undefined;
  }
  if (!/^\d+$/.test(text))
    throw invalidRequest('Invalid integer: ' + text, { code: 'parameter_invalid_integer', param: 'amount' });
  const amount = Number(text);
  if (amount < MINIMUM_AMOUNT_CENTS) {
    throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  }
  if (amount > MAXIMUM_AMOUNT_CENTS) {
    throw invalidRequest('Amount must be no more than $999,999.99', {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
  return amount;
}

export function readCurrency(body: FormObject): string {
  const currency = formString(body, 'currency');
  if (currency === undefined) {
    throw invalidRequest('Missing required param: currency.', {
      code: 'parameter_missing',
      param: 'currency',
    });
  }
  if (currency.toLowerCase() !== 'usd') {
    throw invalidRequest(`Invalid currency: ${currency}. The sandbox takes usd only.`, {
      code: 'parameter_invalid_string',
      param: 'currency',
    });
  }
  return 'usd';
}

export function readDescription(body: FormObject): string | null | undefined {
  const description = formString(body, 'description');
  if (description === undefined) return undefined;
  if (description.length > 1000) {
    throw invalidRequest('Invalid string: description must be at most 1000 characters', {
      param: 'description',
    });
  }
  return description === '' ? null : description;
}

/**
 * Merges `metadata[key]=value` into the current metadata as Stripe does: an empty value removes
 * the key, and `metadata=` (empty) clears it all.
 */
export function mergeMetadata(current: Record<string, string>, body: FormObject): Record<string, string> {
  if (body.metadata === '') return {};
  const sent = formObject(body, 'metadata');
  if (!sent) return current;
  const next = { ...current };
  for (const [name, value] of Object.entries(sent)) {
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid metadata[${name}]: must be a string`, { param: `metadata[${name}]` });
    if (name.length > 40)
      throw invalidRequest('Metadata keys can have up to 40 characters.', { param: `metadata[${name}]` });
    if (value.length > 500)
      throw invalidRequest('Metadata values can have up to 500 characters.', { param: `metadata[${name}]` });
    if (value === '') delete next[name];
    else next[name] = value;
  }
  if (Object.keys(next).length > 50)
    throw invalidRequest('Metadata can have up to 50 keys.', { param: 'metadata' });
  return next;
}

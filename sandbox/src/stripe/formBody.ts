/**
 * Stripe's request bodies (and query strings) are form-encoded with bracket notation, as the SDK
 * and Stripe.js send them: `metadata[userId]=7&expand[0]=data.promotion.coupon`. This decodes them
 * into nested objects and arrays, the way Stripe reads them.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Beyond these, a body is not something the SDK would send. */
export const MAX_FORM_PARAMS = 500;
const MAX_DEPTH = 5;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export class FormDecodeError extends Error {}

/** `a[b][]` -> ['a', 'b', ''] ; a key that is not bracket notation is taken literally. */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

const isObject = (value: FormValue | undefined): value is FormObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects whose keys are all indexes (`expand[0]`, `expand[]`) become arrays, in index order. */
function toArrays(value: FormValue): FormValue {
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = toArrays(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!);
  }
  return value;
}

export function decodeForm(raw: string): FormObject {
  const params = new URLSearchParams(raw);
  const root: FormObject = {};
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_FORM_PARAMS)
      throw new FormDecodeError(`Too many parameters (at most ${MAX_FORM_PARAMS})`);
    const path = keyPath(key);
    if (path.length > MAX_DEPTH + 1) throw new FormDecodeError(`Parameter ${key} is nested too deeply`);
    if (path.some((part) => FORBIDDEN_KEYS.has(part))) throw new FormDecodeError(`Invalid parameter: ${key}`);
    let node = root;
    path.forEach((part, i) => {
      // `[]` appends: its index is the number of entries already there.
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (!isObject(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  for (const key of Object.keys(root)) root[key] = toArrays(root[key]!);
  return root;
}

/** A top-level or nested string parameter, or undefined when it is absent or not a string. */
export function formString(body: FormObject, ...path: string[]): string | undefined {
  let node: FormValue | undefined = body;
  for (const part of path) node = isObject(node) ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function formObject(body: FormObject, key: string): FormObject | undefined {
  const value = body[key];
  return isObject(value) ? value : undefined;
}

/** A list parameter such as `expand[]`; a single value counts as a list of one. */
export function formList(body: FormObject, key: string): string[] {
  const value = body[key];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

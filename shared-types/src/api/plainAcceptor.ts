import { number, object, string, type AnyObjectSchema } from 'yup';

/** A payload the acceptor took, as the schema would give it back: its fields, unknown keys dropped. */
export type Accepted = Record<string, string | number>;
type Check = (value: unknown) => boolean;

interface TestDescription {
  name?: string;
  params?: Record<string, unknown>;
}
interface FieldDescription {
  type: string;
  optional: boolean;
  oneOf: unknown[];
  notOneOf: unknown[];
  tests: TestDescription[];
  default?: unknown;
}
/** What yup keeps on a field beyond its description: a transform or a condition changes the value or the rules. */
interface FieldInternals {
  transforms?: unknown[];
  conditions?: unknown[];
  spec?: { strip?: boolean };
}

const BASE_TRANSFORMS = {
  string: string().transforms.length,
  number: number().transforms.length,
  object: object().transforms.length,
};

/** Each test yup names in a description, as a check of a present value; undefined for one not read here. */
function testCheck(type: 'string' | 'number', { name, params = {} }: TestDescription): Check | undefined {
  const n = (key: string) => params[key] as number;
  if (type === 'string') {
    const length = (value: unknown) => (value as string).length;
    if (name === 'required') return (value) => length(value) > 0;
    if (name === 'min' && 'min' in params) return (value) => length(value) >= n('min');
    if (name === 'max' && 'max' in params) return (value) => length(value) <= n('max');
    if (name === 'length' && 'length' in params) return (value) => length(value) === n('length');
    // The description leaves out excludeEmptyString, so an empty string must match here too: at
    // worst yup is asked about it.
    if (name === 'matches' && params.regex instanceof RegExp) {
      const regex = params.regex;
      return (value) => (value as string).search(regex) !== -1;
    }
    return undefined;
  }
  if (name === 'integer') return (value) => Number.isInteger(value);
  if (name === 'min' && 'min' in params) return (value) => (value as number) >= n('min');
  if (name === 'min' && 'more' in params) return (value) => (value as number) > n('more');
  if (name === 'max' && 'max' in params) return (value) => (value as number) <= n('max');
  if (name === 'max' && 'less' in params) return (value) => (value as number) < n('less');
  return undefined;
}

function fieldCheck(field: unknown, description: FieldDescription): Check | undefined {
  const { type } = description;
  if (type !== 'string' && type !== 'number') return undefined;
  const internals = field as FieldInternals;
  if (
    internals.transforms?.length !== BASE_TRANSFORMS[type] ||
    internals.conditions?.length ||
    internals.spec?.strip ||
    description.default !== undefined ||
    description.notOneOf.length
  )
    return undefined;
  const tests = description.tests.map((test) => testCheck(type, test));
  if (tests.some((test) => !test)) return undefined;
  const allowed = description.oneOf.length ? new Set(description.oneOf) : null;
  const isType =
    type === 'string'
      ? (value: unknown) => typeof value === 'string'
      : (value: unknown) => typeof value === 'number' && !Number.isNaN(value);
  return (value) =>
    value === undefined
      ? description.optional
      : isType(value) && (!allowed || allowed.has(value)) && tests.every((test) => test!(value));
}

/**
 * A fast yes for payloads an object schema of plain strings and numbers plainly accepts, read once
 * from the schema itself, so the schema stays the only rule. It takes a payload only when every
 * field already has its exact type and passes every test the schema names; anything else (a value
 * yup would cast, a failing test) answers null and is left to yup, which gives the verdict and the
 * message. A schema with a test, transform or condition it does not read has no acceptor (null):
 * every payload goes to yup.
 *
 * Why: yup's validation of a busy webhook's payload allocated about half of what the api allocated
 * per request, so garbage collection paused the api every few hundred milliseconds.
 */
export function plainAcceptor(schema: AnyObjectSchema): ((value: unknown) => Accepted | null) | null {
  const description = schema.describe() as unknown as {
    tests: unknown[];
    fields: Record<string, FieldDescription>;
  };
  const internals = schema as unknown as FieldInternals;
  if (
    description.tests.length ||
    internals.conditions?.length ||
    internals.transforms?.length !== BASE_TRANSFORMS.object
  )
    return null;
  const checks: [string, Check][] = [];
  for (const [key, field] of Object.entries(schema.fields)) {
    const check = fieldCheck(field, description.fields[key]!);
    if (!check) return null;
    checks.push([key, check]);
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const payload = value as Record<string, unknown>;
    const accepted: Accepted = {};
    for (const [key, check] of checks) {
      const field = payload[key];
      if (!check(field)) return null;
      if (field !== undefined) accepted[key] = field as string | number;
    }
    return accepted;
  };
}

import { describe, expect, it } from 'vitest';
import { number, object, string, type AnyObjectSchema } from 'yup';
import { jobPayloadSchemas } from '../jobs';
import { recordId } from './ids';
import { plainAcceptor } from './plainAcceptor';

const sid = (prefix: string) => `${prefix}${'0123456789abcdef'.repeat(2)}`;
/** Values each field is tried with: some a schema takes, some it casts, some it refuses. */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  '',
  'status',
  'amd',
  'fetch',
  'poem',
  sid('CA'),
  sid('AC'),
  sid('CA').toUpperCase(),
  'pi_123',
  'cus_1',
  'evt_1',
  'in-progress',
  'x'.repeat(32),
  'x'.repeat(33),
  'x'.repeat(65),
  '5',
  ' 5 ',
  0,
  1,
  7,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  {},
  [],
];

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function yupReads(schema: AnyObjectSchema, payload: unknown) {
  try {
    return { ok: true, value: await schema.validate(payload, { stripUnknown: true }) };
  } catch {
    return { ok: false };
  }
}

describe('plainAcceptor', () => {
  it('takes a status callback as the schema reads it, unknown keys dropped', () => {
    const accept = plainAcceptor(jobPayloadSchemas.applyCallEvent)!;
    const event = {
      callId: 12,
      kind: 'status',
      callSid: sid('CA'),
      accountSid: sid('AC'),
      sequenceNumber: 3,
      callStatus: 'completed',
      callDuration: 30,
      sipResponseCode: undefined,
      timestamp: 'Sat, 28 Nov 2026 13:00:00 +0000',
      extra: 'dropped',
    };
    const { extra: _extra, sipResponseCode: _absent, ...expected } = event;
    expect(accept(event)).toEqual(expected);
    expect(Object.keys(accept(event)!)).not.toContain('sipResponseCode');
  });

  it("never takes what yup refuses, and gives back what yup gives, for every job's payload", async () => {
    const next = random(7);
    const pick = () => CANDIDATES[Math.floor(next() * CANDIDATES.length)];
    let taken = 0;
    for (const [name, schema] of Object.entries(jobPayloadSchemas)) {
      const accept = plainAcceptor(schema as AnyObjectSchema);
      if (!accept) continue;
      const keys = Object.keys((schema as AnyObjectSchema).fields);
      for (let i = 0; i < 1500; i++) {
        const payload: Record<string, unknown> = { unknown: pick() };
        // Mostly each field's own good value, so that many payloads are whole and valid.
        for (const key of keys) payload[key] = next() < 0.6 ? goodValue(key) : pick();
        const accepted = accept(payload);
        if (!accepted) continue;
        taken++;
        const read = await yupReads(schema as AnyObjectSchema, payload);
        expect(read, `${name} ${JSON.stringify(payload)}`).toEqual({ ok: true, value: accepted });
      }
    }
    // The fast path is taken, not only safe.
    expect(taken).toBeGreaterThan(500);
  });

  it('leaves to yup a value it would cast, a null and a missing required field', () => {
    const accept = plainAcceptor(jobPayloadSchemas.placeCall)!;
    expect(accept({ callId: 4 })).toEqual({ callId: 4 });
    expect(accept({ callId: '4' })).toBeNull();
    expect(accept({ callId: null })).toBeNull();
    expect(accept({})).toBeNull();
    expect(accept(null)).toBeNull();
    expect(accept([4])).toBeNull();
  });

  it('leaves to yup an empty string a pattern lets by (the description does not say so)', async () => {
    const schema = object({ code: string().matches(/^a+$/, { excludeEmptyString: true }) });
    const accept = plainAcceptor(schema)!;
    expect(accept({ code: 'aa' })).toEqual({ code: 'aa' });
    expect(accept({ code: '' })).toBeNull();
    await expect(schema.validate({ code: '' })).resolves.toEqual({ code: '' });
  });

  it.each([
    ['a nested object', object({ inner: object({ id: recordId() }) })],
    ['a test it does not read', object({ email: string().email() })],
    ['a transform', object({ name: string().trim() })],
    ['a custom transform', object({ n: number().transform((v: number) => v * 2) })],
    ['a condition', object({ a: string(), b: string().when('a', { is: 'x', then: (s) => s.required() }) })],
    ['a default', object({ n: number().default(3) })],
    ['a stripped field', object({ n: number().strip() })],
    ['an object-level test', object({ n: number() }).noUnknown()],
  ])('has no acceptor for a schema with %s', (_what, schema) => {
    expect(plainAcceptor(schema as AnyObjectSchema)).toBeNull();
  });
});

/** A value each job field's schema takes. */
function goodValue(key: string): unknown {
  if (key === 'callSid') return sid('CA');
  if (key === 'accountSid') return sid('AC');
  if (key === 'kind') return 'status';
  if (key === 'paymentIntentId') return 'pi_123';
  if (key === 'stripeEventId') return 'evt_1';
  if (['callStatus', 'answeredBy', 'timestamp'].includes(key)) return 'in-progress';
  if (['sequenceNumber', 'callDuration', 'sipResponseCode'].includes(key)) return 0;
  return 7;
}

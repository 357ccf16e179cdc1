import { describe, expect, it } from 'vitest';
import { MAX_ANALYSIS_CHOICES, MAX_ANALYSIS_FIELDS, type AnalysisField } from '../domain/analysis';
import { analysisJsonSchema, analysisResponseFormat, type JsonSchema } from './analysisSchema';

const field = (key: string, type: AnalysisField['type'], choices: string[] | null = null): AnalysisField => ({
  key,
  name: key,
  description: `the ${key}`,
  type,
  choices,
});

const FIELDS = [
  field('provider', 'text'),
  field('budget', 'number'),
  field('has_contract', 'yes_no'),
  field('plan', 'one_of', ['Basic', 'Pro']),
  field('renewal', 'date'),
];

/** Every object in the schema, with its depth. */
function objects(schema: JsonSchema, depth = 1): { schema: JsonSchema; depth: number }[] {
  const own = schema.type === 'object' ? [{ schema, depth }] : [];
  return [...own, ...Object.values(schema.properties ?? {}).flatMap((child) => objects(child, depth + 1))];
}

describe('analysisJsonSchema', () => {
  it('has one nullable property per field, typed by the field', () => {
    const fields = analysisJsonSchema(FIELDS).properties!.fields!;
    expect(fields.required).toEqual(['provider', 'budget', 'has_contract', 'plan', 'renewal']);
    expect(fields.additionalProperties).toBe(false);
    const p = fields.properties!;
    expect(p.provider!.type).toEqual(['string', 'null']);
    expect(p.budget!.type).toEqual(['number', 'null']);
    expect(p.has_contract!.type).toEqual(['boolean', 'null']);
    expect(p.plan).toMatchObject({ type: ['string', 'null'], enum: ['Basic', 'Pro', null] });
    expect(p.renewal!.type).toEqual(['string', 'null']);
    expect(p.renewal!.description).toContain('YYYY-MM-DD');
    expect(p.provider!.description).toContain('the provider');
  });

  it('asks for sentiment and the goal always, every object strict', () => {
    const schema = analysisJsonSchema([]);
    expect(schema.required).toEqual(['fields', 'sentiment', 'successEvaluation']);
    expect(schema.properties!.sentiment!.enum).toEqual(['positive', 'neutral', 'negative']);
    expect(schema.properties!.successEvaluation!.required).toEqual(['met', 'reason']);
    expect(schema.properties!.fields!.properties).toEqual({});
    for (const { schema: object } of objects(analysisJsonSchema(FIELDS))) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties!));
    }
  });

  it("stays inside OpenAI's limits for strict schemas with the most fields and choices", () => {
    const choices = Array.from({ length: MAX_ANALYSIS_CHOICES }, (_, i) => `${'c'.repeat(39)}${i}`);
    const most = Array.from({ length: MAX_ANALYSIS_FIELDS }, (_, i) =>
      field(`${'f'.repeat(38)}${i}`, 'one_of', choices),
    );
    const schema = analysisJsonSchema(most);
    const all = objects(schema);
    expect(Math.max(...all.map((o) => o.depth))).toBeLessThanOrEqual(10);
    const properties = all.reduce((n, o) => n + Object.keys(o.schema.properties!).length, 0);
    expect(properties).toBeLessThanOrEqual(5000);
    const text = JSON.stringify(schema);
    expect((text.match(/"enum"/g) ?? []).length).toBeGreaterThan(0);
    const enumValues = MAX_ANALYSIS_FIELDS * (MAX_ANALYSIS_CHOICES + 1) + 3;
    expect(enumValues).toBeLessThanOrEqual(1000);
    expect(text.length).toBeLessThan(120_000);
    // Keywords strict mode does not take are never sent.
    expect(text).not.toMatch(/"(maxLength|minLength|oneOf|allOf|patternProperties)"/);
  });

  it('is sent as a strict json_schema named call_analysis', () => {
    expect(analysisResponseFormat(FIELDS)).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'call_analysis', strict: true },
    });
  });
});

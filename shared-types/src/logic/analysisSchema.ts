import { SENTIMENTS, type AnalysisField, type AnalysisFieldType } from '../domain/analysis';

/**
 * The JSON schema of a call's analysis for OpenAI's structured outputs in strict mode, built from
 * the campaign's fields. The model is held to it as it writes, and the answer is checked against
 * the same schema before it is stored. Strict mode's rules: every object lists all its properties
 * as required and allows no others; a value that may be missing is a type union with "null".
 * OpenAI's limits for a strict schema (at most 5,000 properties, 10 levels of nesting, 1,000 enum
 * values, 120,000 characters of names and enum values) are far above what the fields allow
 * (MAX_ANALYSIS_FIELDS of MAX_ANALYSIS_CHOICES choices, three levels); string lengths are not among
 * the keywords it takes, so a reason's length is told in its description and checked on receipt.
 */
export type JsonSchema = {
  type?: string | string[];
  description?: string;
  enum?: (string | null)[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: false;
};

/** The name the schema is sent under (`response_format.json_schema.name`). */
export const ANALYSIS_SCHEMA_NAME = 'call_analysis';
/** A goal's reason: one sentence, at most this long. */
export const ANALYSIS_REASON_MAX = 300;

const NOT_SAID = 'null when the conversation does not say.';

function fieldSchema(field: AnalysisField): JsonSchema {
  const said = (what: string) => `${field.description} (${what}; ${NOT_SAID})`;
  const byType: Record<AnalysisFieldType, () => JsonSchema> = {
    text: () => ({ type: ['string', 'null'], description: said('a short text') }),
    number: () => ({ type: ['number', 'null'], description: said('a number') }),
    yes_no: () => ({ type: ['boolean', 'null'], description: said('true for yes, false for no') }),
    one_of: () => ({
      type: ['string', 'null'],
      enum: [...(field.choices ?? []), null],
      description: said('one of the choices'),
    }),
    date: () => ({ type: ['string', 'null'], description: said('a calendar date as YYYY-MM-DD') }),
  };
  return byType[field.type]();
}

const strictObject = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** The schema for these fields (none: `fields` is an empty object; sentiment and goal are always asked). */
export function analysisJsonSchema(fields: readonly AnalysisField[]): JsonSchema {
  return strictObject({
    fields: strictObject(
      Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)])),
      'What the conversation said about each field.',
    ),
    sentiment: {
      type: 'string',
      enum: [...SENTIMENTS],
      description: "The callee's overall mood towards the call.",
    },
    successEvaluation: strictObject(
      {
        met: { type: 'boolean', description: "Whether the call met the campaign's goal." },
        reason: {
          type: 'string',
          description: `Why, in one sentence of at most ${ANALYSIS_REASON_MAX} characters.`,
        },
      },
      "Whether the call met the campaign's goal, and why.",
    ),
  });
}

/** The request's `response_format` for these fields. */
export function analysisResponseFormat(fields: readonly AnalysisField[]) {
  return {
    type: 'json_schema' as const,
    json_schema: { name: ANALYSIS_SCHEMA_NAME, strict: true, schema: analysisJsonSchema(fields) },
  };
}

import { array, mixed, object, string } from 'yup';
import {
  ANALYSIS_CHOICE_MAX,
  ANALYSIS_FIELD_DESCRIPTION_MAX,
  ANALYSIS_FIELD_NAME_MAX,
  ANALYSIS_FIELD_TYPES,
  MAX_ANALYSIS_CHOICES,
  MAX_ANALYSIS_FIELDS,
  type AnalysisField,
  type AnalysisFieldType,
} from '../domain/analysis';
import { trimmedText } from './fields';

export const ANALYSIS_FIELD_MESSAGES = {
  name: 'Give each field a name, such as Current provider',
  nameLength: `A field's name must be at most ${ANALYSIS_FIELD_NAME_MAX} characters`,
  nameLetters: "A field's name needs at least one letter",
  namesUnique: 'Each field needs a name of its own',
  description: 'Tell the model what to look for, such as "the internet provider they use today"',
  descriptionLength: `A description must be at most ${ANALYSIS_FIELD_DESCRIPTION_MAX} characters`,
  type: 'Choose a type: text, number, yes/no, one of, or date',
  choices: `A "one of" field needs 2 to ${MAX_ANALYSIS_CHOICES} choices`,
  choiceLength: `A choice must be at most ${ANALYSIS_CHOICE_MAX} characters`,
  choicesUnique: 'Each choice must differ from the others',
  noChoices: 'Only a "one of" field has choices',
  count: `At most ${MAX_ANALYSIS_FIELDS} fields`,
} as const;

/**
 * A field's key from its name: lower case, runs of anything but letters and digits as one '_',
 * none at either end ("Best time to call?" → best_time_to_call). Unique names give unique keys
 * (checked by the schema), and the key names the field in the model's schema, the call log's
 * filters (`analysis.<key>`), the CSV and the webhooks.
 */
export function analysisFieldKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, ANALYSIS_FIELD_NAME_MAX);
}

const choiceList = array(
  trimmedText()
    .required(ANALYSIS_FIELD_MESSAGES.choices)
    .max(ANALYSIS_CHOICE_MAX, ANALYSIS_FIELD_MESSAGES.choiceLength),
)
  .nullable()
  .default(null)
  .when('type', {
    is: 'one_of',
    then: (s) =>
      s
        .required(ANALYSIS_FIELD_MESSAGES.choices)
        .min(2, ANALYSIS_FIELD_MESSAGES.choices)
        .max(MAX_ANALYSIS_CHOICES, ANALYSIS_FIELD_MESSAGES.choices)
        .test('unique', ANALYSIS_FIELD_MESSAGES.choicesUnique, (list) => {
          const seen = (list ?? []).map((c) => c?.trim().toLowerCase());
          return new Set(seen).size === seen.length;
        }),
    otherwise: (s) =>
      s.test(
        'none',
        ANALYSIS_FIELD_MESSAGES.noChoices,
        (list) => list === null || list === undefined || !list.length,
      ),
  });

/** One field as the owner sends it; its key is always made from its name (analysisFieldKey). */
export const analysisFieldSchema = object({
  key: string().default(''),
  name: trimmedText()
    .required(ANALYSIS_FIELD_MESSAGES.name)
    .max(ANALYSIS_FIELD_NAME_MAX, ANALYSIS_FIELD_MESSAGES.nameLength)
    .test('letters', ANALYSIS_FIELD_MESSAGES.nameLetters, (v) => !v || analysisFieldKey(v).length > 0),
  description: trimmedText()
    .required(ANALYSIS_FIELD_MESSAGES.description)
    .max(ANALYSIS_FIELD_DESCRIPTION_MAX, ANALYSIS_FIELD_MESSAGES.descriptionLength),
  type: mixed<AnalysisFieldType>()
    .required(ANALYSIS_FIELD_MESSAGES.type)
    .oneOf([...ANALYSIS_FIELD_TYPES], ANALYSIS_FIELD_MESSAGES.type),
  choices: choiceList,
}).transform((value: unknown) =>
  value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
    ? { ...value, key: analysisFieldKey((value as { name: string }).name) }
    : value,
);

/** `analysisFields` on POST/PUT /api/campaigns (the wizard's Script step and the campaign page). */
export const analysisFieldsSchema = array(analysisFieldSchema.required())
  .max(MAX_ANALYSIS_FIELDS, ANALYSIS_FIELD_MESSAGES.count)
  .test('unique', ANALYSIS_FIELD_MESSAGES.namesUnique, (list) => {
    const keys = (list ?? []).map((f) => (f?.name ? analysisFieldKey(f.name) : ''));
    return new Set(keys).size === keys.length;
  });

/** The fields as stored and shown: each with its key, choices only on `one_of`. */
export function normalizedAnalysisFields(
  fields: readonly {
    name: string;
    description: string;
    type: AnalysisFieldType;
    choices?: string[] | null;
  }[],
): AnalysisField[] {
  return fields.map((f) => ({
    key: analysisFieldKey(f.name),
    name: f.name.trim(),
    description: f.description.trim(),
    type: f.type,
    choices: f.type === 'one_of' ? (f.choices ?? []).map((c) => c.trim()) : null,
  }));
}

/** What the call log's filter on a field may say (see analysisFilter in logic/analysisFilters). */
export const ANALYSIS_FILTER_PREFIX = 'analysis.';
/** A filter value meaning "the model could not tell" (the value is null). */
export const ANALYSIS_FILTER_NONE = 'none';

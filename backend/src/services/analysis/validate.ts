import { Ajv, type ValidateFunction } from 'ajv';
import {
  ANALYSIS_REASON_MAX,
  analysisJsonSchema,
  type AnalysisField,
  type CallAnalysis,
} from '@ringcast/shared-types';

/**
 * The model's answer, checked before it is stored: parsed, held to the very schema it was asked
 * with (strict structured outputs should make that hold, but a refusal, a cut-off answer or a
 * model that drifts must never reach the call's row), then to what a JSON schema cannot say: a
 * date is a real calendar day, and the goal's reason is one trimmed sentence of at most
 * ANALYSIS_REASON_MAX characters.
 */
export type CheckedAnswer = { ok: true; analysis: CallAnalysis } | { ok: false; problem: string };

const ajv = new Ajv({ allErrors: false, strict: true });
// One compiled validator per distinct schema: a campaign's fields change seldom.
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 500;

function validatorFor(fields: readonly AnalysisField[]): ValidateFunction {
  const schema = analysisJsonSchema(fields);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a day the calendar has (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** One sentence: no sentence end followed by more words. */
const oneSentence = (text: string) => !/[.!?]["')\]]*\s+\S/.test(text);

export function checkAnswer(fields: readonly AnalysisField[], content: string | null): CheckedAnswer {
  if (!content) return { ok: false, problem: 'no answer' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const validate = validatorFor(fields);
  if (!validate(parsed)) {
    const [error] = validate.errors ?? [];
    return { ok: false, problem: `${error?.instancePath || 'answer'} ${error?.message ?? 'is refused'}` };
  }
  const answer = parsed as CallAnalysis;
  for (const field of fields) {
    const value = answer.fields[field.key];
    if (field.type === 'date' && typeof value === 'string' && !isCalendarDay(value))
      return { ok: false, problem: `${field.key} is not a calendar day` };
  }
  const reason = answer.successEvaluation.reason.replace(/\s+/g, ' ').trim();
  if (!reason) return { ok: false, problem: 'the reason is empty' };
  if (reason.length > ANALYSIS_REASON_MAX) return { ok: false, problem: 'the reason is too long' };
  if (!oneSentence(reason)) return { ok: false, problem: 'the reason is more than one sentence' };
  // Built afresh from the fields: only their keys, each a value or null.
  return {
    ok: true,
    analysis: {
      fields: Object.fromEntries(fields.map((f) => [f.key, answer.fields[f.key] ?? null])),
      sentiment: answer.sentiment,
      successEvaluation: { met: answer.successEvaluation.met, reason },
    },
  };
}

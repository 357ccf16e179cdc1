import {
  ANALYSIS_FIELD_MESSAGES,
  analysisFieldKey,
  analysisFieldsSchema,
  normalizedAnalysisFields,
  type AnalysisField,
  type AnalysisFieldType,
} from '@ringcast/shared-types';
import { ValidationError } from 'yup';

/** A row of the editor as typed: its key is derived when saved. */
export interface AnalysisFieldDraft {
  name: string;
  description: string;
  type: AnalysisFieldType;
  choices: string[] | null;
}

export const emptyAnalysisField = (): AnalysisFieldDraft => ({
  name: '',
  description: '',
  type: 'text',
  choices: null,
});

/** Which part of a row a message is about. */
export type AnalysisFieldPart = 'name' | 'description' | 'type' | 'choices';

/** The shared schema's messages, placed on the row and the part they name; `list` for the whole list. */
export interface AnalysisFieldsProblems {
  rows: Partial<Record<AnalysisFieldPart, string>>[];
  list: string | null;
}

const blank = (f: AnalysisFieldDraft) => !f.name.trim() && !f.description.trim() && !f.choices?.length;

/**
 * The fields as they are saved: each with its key and trimmed, choices only on "one of", and a
 * row added but left blank dropped. A name left out of a filled row stays, so the schema names it.
 */
export const savedAnalysisFields = (list: readonly AnalysisFieldDraft[]): AnalysisField[] =>
  normalizedAnalysisFields(list.filter((f) => !blank(f)));

/**
 * Why these fields cannot be saved, by the schema the server applies, each message at its row and
 * part (a name used twice at the second one); blank rows are dropped when saved, so never named.
 */
export function analysisFieldsProblems(list: readonly AnalysisFieldDraft[]): AnalysisFieldsProblems {
  const problems: AnalysisFieldsProblems = { rows: list.map(() => ({})), list: null };
  const kept = list.flatMap((f, index) => (blank(f) ? [] : [index]));
  try {
    analysisFieldsSchema.validateSync(
      kept.map((index) => list[index]),
      { abortEarly: false },
    );
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const inner of err.inner.length ? err.inner : [err]) {
      // "[2].choices[1]" → the third kept row, its choices; a path without a row speaks of the list.
      const at = /^\[(\d+)\]\.(\w+)/.exec(inner.path ?? '');
      const row = at ? problems.rows[kept[Number(at[1])]!] : undefined;
      const part = at?.[2] as AnalysisFieldPart | undefined;
      if (row && part) row[part] ??= inner.message;
      else if (inner.message === ANALYSIS_FIELD_MESSAGES.namesUnique) {
        const twice = secondUseOfAName(list, kept);
        if (twice === null) problems.list ??= inner.message;
        else problems.rows[twice]!.name ??= inner.message;
      } else problems.list ??= inner.message;
    }
  }
  return problems;
}

/** The row whose name (as a key) an earlier kept row already has; null when none does. */
function secondUseOfAName(list: readonly AnalysisFieldDraft[], kept: readonly number[]): number | null {
  const seen = new Set<string>();
  for (const index of kept) {
    const key = analysisFieldKey(list[index]!.name);
    if (key && seen.has(key)) return index;
    seen.add(key);
  }
  return null;
}

/** The first problem of the list, for a toast or an alert; null when it can be saved. */
export function firstAnalysisFieldsProblem(problems: AnalysisFieldsProblems): string | null {
  for (const row of problems.rows) {
    const message = row.name ?? row.description ?? row.type ?? row.choices;
    if (message) return message;
  }
  return problems.list;
}

/** The rows of a stored list, for the editor. */
export const analysisFieldDrafts = (
  fields: readonly AnalysisField[] | null | undefined,
): AnalysisFieldDraft[] =>
  (fields ?? []).map(({ name, description, type, choices }) => ({ name, description, type, choices }));

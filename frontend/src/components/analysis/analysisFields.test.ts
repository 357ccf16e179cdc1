import { describe, expect, it } from 'vitest';
import { ANALYSIS_FIELD_MESSAGES, MAX_ANALYSIS_FIELDS } from '@ringcast/shared-types';
import {
  analysisFieldsProblems,
  emptyAnalysisField,
  firstAnalysisFieldsProblem,
  savedAnalysisFields,
  type AnalysisFieldDraft,
} from './analysisFields';

const provider: AnalysisFieldDraft = {
  name: 'Current provider',
  description: 'The internet provider they use today',
  type: 'text',
  choices: null,
};

describe('savedAnalysisFields', () => {
  it('derives keys, trims, keeps choices only on "one of" and drops blank rows', () => {
    expect(
      savedAnalysisFields([
        { ...provider, name: ' Current provider ', choices: ['left over'] },
        emptyAnalysisField(),
        { name: 'Plan', description: 'Which plan', type: 'one_of', choices: [' Basic', 'Pro '] },
      ]),
    ).toEqual([
      {
        key: 'current_provider',
        name: 'Current provider',
        description: provider.description,
        type: 'text',
        choices: null,
      },
      { key: 'plan', name: 'Plan', description: 'Which plan', type: 'one_of', choices: ['Basic', 'Pro'] },
    ]);
  });
});

describe('analysisFieldsProblems', () => {
  it('finds nothing in good fields, or none', () => {
    expect(firstAnalysisFieldsProblem(analysisFieldsProblems([provider]))).toBeNull();
    expect(firstAnalysisFieldsProblem(analysisFieldsProblems([]))).toBeNull();
  });

  it("puts the schema's message at the row and part it is about, past a blank row", () => {
    const problems = analysisFieldsProblems([
      emptyAnalysisField(),
      { ...provider, description: '' },
      { name: 'Plan', description: 'Which plan', type: 'one_of', choices: ['Basic'] },
    ]);
    expect(problems.rows[0]).toEqual({});
    expect(problems.rows[1]).toEqual({ description: ANALYSIS_FIELD_MESSAGES.description });
    expect(problems.rows[2]).toEqual({ choices: ANALYSIS_FIELD_MESSAGES.choices });
    expect(firstAnalysisFieldsProblem(problems)).toBe(ANALYSIS_FIELD_MESSAGES.description);
  });

  it('names a name used twice at its second row', () => {
    const problems = analysisFieldsProblems([provider, { ...provider, name: 'current  PROVIDER' }]);
    expect(problems.rows[0]).toEqual({});
    expect(problems.rows[1]).toEqual({ name: ANALYSIS_FIELD_MESSAGES.namesUnique });
  });

  it('refuses more fields than a campaign may have', () => {
    const many = Array.from({ length: MAX_ANALYSIS_FIELDS + 1 }, (_, i) => ({
      ...provider,
      name: `Field ${i}`,
    }));
    expect(analysisFieldsProblems(many).list).toBe(ANALYSIS_FIELD_MESSAGES.count);
  });
});

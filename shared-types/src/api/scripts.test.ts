import { describe, expect, it } from 'vitest';
import { generateScriptSchema } from './scripts';
import { validateInput } from './validate';

describe('generateScriptSchema', () => {
  it('needs one of the seven script types', async () => {
    expect(await validateInput(generateScriptSchema, {})).toMatchObject({
      ok: false,
      fields: { scriptType: 'Choose which script to generate' },
    });
    expect(await validateInput(generateScriptSchema, { scriptType: 'jingle' })).toMatchObject({
      ok: false,
      fields: {
        scriptType:
          'Script type must be one of: answering, rebuttals, questions, afterAnswers, notInterested, voicemail, other',
      },
    });
  });

  it('keeps only the draft fields a script is written from, blanks as null', async () => {
    const result = await validateInput(generateScriptSchema, {
      scriptType: 'answering',
      campaignData: {
        name: ' Spring ',
        type: '',
        goal: '',
        monthlyCallVolume: 500,
        scriptAnswering: 'Hi',
        agentDocuments: ['a.txt'],
      },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        scriptType: 'answering',
        campaignData: { name: 'Spring', type: null, goal: null, agentDocuments: ['a.txt'] },
      },
    });
  });

  it('refuses an unknown campaign type and oversized text', async () => {
    const result = await validateInput(generateScriptSchema, {
      scriptType: 'voicemail',
      campaignData: { type: 'spam', goal: 'x'.repeat(5001) },
    });
    expect(result.ok ? {} : result.fields).toEqual({
      'campaignData.type': 'Choose a campaign type from the list',
      'campaignData.goal': 'Goal must be at most 5000 characters',
    });
  });
});

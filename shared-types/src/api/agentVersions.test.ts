import { describe, expect, it } from 'vitest';
import { changedAgentFields, isScriptField } from './agentVersions';

describe('changedAgentFields', () => {
  it('names the agent fields that differ, empty text and none being the same', () => {
    expect(
      changedAgentFields(
        { goal: 'Book', scriptAnswering: null, agentDocuments: ['a.pdf'], aiAgentTone: 'friendly' },
        { goal: 'Book ', scriptAnswering: '', agentDocuments: ['a.pdf', 'b.pdf'], aiAgentTone: 'casual' },
      ),
    ).toEqual(['aiAgentTone', 'agentDocuments']);
  });

  it('tells a script from the other agent fields', () => {
    expect(['scriptVoicemail', 'goal', 'aiAgentName'].filter(isScriptField)).toEqual(['scriptVoicemail']);
  });
});

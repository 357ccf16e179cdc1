import { describe, expect, it } from 'vitest';
import type { Campaign } from '@ringcast/shared-types';
import { agentChanges, useAgentEditStore } from './agentEditStore';

const campaign = (agentVersion: number, overrides: Partial<Campaign> = {}) =>
  ({
    id: 7,
    name: 'Open houses',
    type: 'appointment',
    status: 'active',
    goal: 'Book viewings',
    aiAgentName: 'Ava',
    aiAgentVoice: 'female',
    aiAgentTone: 'friendly, casual',
    scriptAnswering: 'Hi, this is Ava.',
    agentDocuments: [],
    companyWebsites: 'https://brighthomes.example',
    monthlyCallVolume: 100,
    agentVersion,
    ...overrides,
  }) as Campaign;

describe('the Edit agent draft', () => {
  it('names only what the owner changed, however the stored agent was written', () => {
    const store = useAgentEditStore.getState();
    store.open(campaign(2));
    const { baseline, draft } = useAgentEditStore.getState();
    // Just opened: the payload of both is written the same way, so nothing differs.
    expect(agentChanges(baseline, draft)).toEqual([]);
    store.update({ scriptAnswering: 'Hello, Ava here.', goal: 'Book viewings' });
    const edited = useAgentEditStore.getState();
    expect(agentChanges(edited.baseline, edited.draft)).toEqual(['scriptAnswering']);
  });

  it('keeps an edit of the same version, and starts again from a newer one', () => {
    const store = useAgentEditStore.getState();
    store.open(campaign(3));
    store.update({ aiAgentName: 'Max' });
    store.open(campaign(3));
    expect(useAgentEditStore.getState().draft.aiAgentName).toBe('Max');
    store.open(campaign(4, { aiAgentName: 'Zoe' }));
    expect(useAgentEditStore.getState()).toMatchObject({ baseVersion: 4, draft: { aiAgentName: 'Zoe' } });
  });
});

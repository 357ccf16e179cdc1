import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  AGENT_FIELDS,
  changedAgentFields,
  type AgentField,
  type AgentSnapshot,
  type Campaign,
} from '@ringcast/shared-types';
import {
  draftFromCampaign,
  EMPTY_DRAFT,
  toUpdatePayload,
  type WizardDraft,
} from '../components/campaigns/wizardDraft';
import type { DraftSource } from '../components/campaigns/draftSource';
import { onSignOut } from './authStore';

interface AgentEditState extends DraftSource {
  /** The launched campaign whose agent is edited, and the version the edit started from. */
  campaignId: number | null;
  baseVersion: number | null;
  /** The agent as it was read, to tell what the edit changes. */
  baseline: WizardDraft;
  /** Starts editing the campaign's agent, unless an edit of this very version is already open. */
  open: (campaign: Campaign) => void;
  reset: () => void;
}

const initial = {
  campaignId: null,
  baseVersion: null,
  baseline: EMPTY_DRAFT,
  draft: EMPTY_DRAFT,
  documentNames: {},
};

/** The agent's fields of a draft, as PUT /api/campaigns/:id takes them. */
export function agentPayload(draft: WizardDraft): Partial<AgentSnapshot> {
  const payload = toUpdatePayload(draft) as Record<string, unknown>;
  return Object.fromEntries(AGENT_FIELDS.map((field) => [field, payload[field]]));
}

/** The agent fields the edit changes from the agent as read. */
export const agentChanges = (baseline: WizardDraft, draft: WizardDraft): AgentField[] =>
  changedAgentFields(agentPayload(baseline), agentPayload(draft));

/**
 * The Edit agent page's draft of a launched campaign's agent (the wizard's steps 3-5 and the
 * company websites), apart from the wizard's own, kept in sessionStorage like it so a reload keeps
 * the edit. An edit opened on an older version than the campaign's starts again from the new one.
 */
export const useAgentEditStore = create<AgentEditState>()(
  persist(
    (set, get) => ({
      ...initial,
      update: (fields) => set((s) => ({ draft: { ...s.draft, ...fields } })),
      addDocuments: (files) =>
        set((s) => ({
          draft: {
            ...s.draft,
            agentDocuments: [...new Set([...s.draft.agentDocuments, ...files.map((f) => f.filename)])],
          },
          documentNames: {
            ...s.documentNames,
            ...Object.fromEntries(files.map((f) => [f.filename, f.originalName])),
          },
        })),
      removeDocument: (filename) =>
        set((s) => ({
          draft: { ...s.draft, agentDocuments: s.draft.agentDocuments.filter((f) => f !== filename) },
        })),
      open: (campaign) => {
        const { campaignId, baseVersion } = get();
        if (campaignId === campaign.id && baseVersion === campaign.agentVersion) return;
        const draft = draftFromCampaign(campaign);
        set({
          ...initial,
          campaignId: campaign.id,
          baseVersion: campaign.agentVersion,
          baseline: draft,
          draft,
        });
      },
      reset: () => set(initial),
    }),
    {
      name: 'ringcast-agent-edit',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ campaignId, baseVersion, baseline, draft, documentNames }) => ({
        campaignId,
        baseVersion,
        baseline,
        draft,
        documentNames,
      }),
    },
  ),
);

onSignOut(() => useAgentEditStore.getState().reset());

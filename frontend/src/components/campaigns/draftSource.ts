import { createContext, useContext } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { useWizardStore } from '../../stores/wizardStore';
import type { WizardDraft } from './wizardDraft';

/** What a step body edits: a draft, and how its documents were named when uploaded. */
export interface DraftSource {
  draft: WizardDraft;
  documentNames: Record<string, string>;
  update: (fields: Partial<WizardDraft>) => void;
  addDocuments: (files: { filename: string; originalName: string }[]) => void;
  removeDocument: (filename: string) => void;
}

export type DraftStore = UseBoundStore<StoreApi<DraftSource>>;

/**
 * The store the wizard's step bodies read and write: the new or draft campaign's wizard by
 * default; the Edit agent page of a launched campaign provides its own (agentEditStore), so its
 * steps never touch a campaign being created in the same tab.
 */
export const DraftSourceContext = createContext<DraftStore>(useWizardStore as unknown as DraftStore);

export const useDraftStore = () => useContext(DraftSourceContext);

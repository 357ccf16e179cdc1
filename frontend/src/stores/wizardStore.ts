import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { EMPTY_DRAFT, type WizardDraft } from '../components/campaigns/wizardDraft';
import { clampStep, FIRST_STEP } from '../components/campaigns/wizardSteps';
import { onSignOut } from './authStore';

interface WizardState {
  step: number;
  draft: WizardDraft;
  /** The draft campaign being edited (/campaigns/create?edit=<id>), or null for a new one. */
  editingId: number | null;
  /** Stored document name -> the name it was uploaded with, for display. */
  documentNames: Record<string, string>;
  update: (fields: Partial<WizardDraft>) => void;
  goTo: (step: number) => void;
  next: () => void;
  back: () => void;
  addDocuments: (files: { filename: string; originalName: string }[]) => void;
  removeDocument: (filename: string) => void;
  /** Starts editing a stored draft, from step 1. */
  startEditing: (id: number, draft: WizardDraft) => void;
  /** Back to an empty new campaign: after it was created, on sign-out, or to start over. */
  reset: () => void;
}

const initial = { step: FIRST_STEP, draft: EMPTY_DRAFT, editingId: null, documentNames: {} };

/**
 * The wizard's data, kept in sessionStorage so a reload (or a visit to another page in the same
 * tab) keeps it until the campaign is created.
 */
export const useWizardStore = create<WizardState>()(
  persist(
    (set) => ({
      ...initial,
      update: (fields) => set((s) => ({ draft: { ...s.draft, ...fields } })),
      goTo: (step) => set({ step: clampStep(step) }),
      next: () => set((s) => ({ step: clampStep(s.step + 1) })),
      back: () => set((s) => ({ step: clampStep(s.step - 1) })),
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
      startEditing: (id, draft) => set({ ...initial, editingId: id, draft }),
      reset: () => set(initial),
    }),
    {
      name: 'ringcast-campaign-wizard',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ step, draft, editingId, documentNames }) => ({ step, draft, editingId, documentNames }),
      // A stored draft from an older shape gains the fields it lacks.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<WizardState>;
        return {
          ...current,
          ...saved,
          step: clampStep(saved.step ?? FIRST_STEP),
          draft: { ...EMPTY_DRAFT, ...saved.draft },
        };
      },
    },
  ),
);

onSignOut(() => useWizardStore.getState().reset());

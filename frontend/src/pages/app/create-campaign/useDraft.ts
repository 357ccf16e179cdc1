import type { ReadinessContext } from '@ringcast/shared-types';
import { useWizardStore } from '../../../stores/wizardStore';
import { useProspectListsStore } from '../../../stores/prospectListsStore';
import { useDraftStore } from '../../../components/campaigns/draftSource';

/** The draft being edited (draftSource.ts) and its updater, for a step component. */
export function useDraft() {
  const useStore = useDraftStore();
  const draft = useStore((s) => s.draft);
  const update = useStore((s) => s.update);
  return [draft, update] as const;
}

/** What the rules need besides the draft: the uploaded list's live status. */
export function useRuleContext(): ReadinessContext {
  const listId = useWizardStore((s) => s.draft.prospectListId);
  const status = useProspectListsStore((s) => s.lists.find((list) => list.id === listId)?.status);
  return { prospectListStatus: status };
}

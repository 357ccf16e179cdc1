import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { createCampaign, updateCampaign } from '../../../api/campaigns';
import { toCreatePayload, toUpdatePayload } from '../../../components/campaigns/wizardDraft';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { useWizardStore } from '../../../stores/wizardStore';

/**
 * The wizard's draft as a stored campaign, for what works on a stored one (trying the agent): the
 * draft is saved first whenever it changed since, and a new campaign becomes a draft being edited
 * (the address names it, so a reload keeps it).
 */
export function useSavedDraftId(): () => Promise<number> {
  const navigate = useNavigate();
  const saved = useRef<{ id: number; payload: string } | null>(null);
  return useCallback(async () => {
    const { draft, editingId } = useWizardStore.getState();
    const payload = JSON.stringify(toUpdatePayload(draft));
    if (editingId !== null && saved.current?.id === editingId && saved.current.payload === payload)
      return editingId;
    const campaign =
      editingId !== null
        ? await updateCampaign(editingId, toUpdatePayload(draft))
        : await createCampaign(toCreatePayload(draft));
    useCampaignsStore.getState().receive(campaign);
    saved.current = { id: campaign.id, payload };
    if (editingId === null) {
      useWizardStore.setState({ editingId: campaign.id });
      navigate(`/campaigns/create?edit=${campaign.id}`, { replace: true });
    }
    return campaign.id;
  }, [navigate]);
}

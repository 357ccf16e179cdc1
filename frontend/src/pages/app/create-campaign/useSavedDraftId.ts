import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { createCampaign, updateCampaign } from '../../../api/campaigns';
import { toCreatePayload, toUpdatePayload } from '../../../components/campaigns/wizardDraft';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { useWizardStore } from '../../../stores/wizardStore';

/** The step the wizard reopens a campaign saved to try its agent at (the Script step). */
const SCRIPT_STEP = 5;

/** A new campaign just saved to try its agent: the reopened wizard's panel starts at once. */
let startWhenReopened: number | null = null;

/** Whether the panel of the draft `editingId` should start by itself (answers true once). */
export function takeStartWhenReopened(editingId: number | null): boolean {
  if (editingId === null || startWhenReopened !== editingId) return false;
  startWhenReopened = null;
  return true;
}

/**
 * The wizard's draft as a stored campaign, for what works on a stored one (trying the agent): a
 * draft being edited is saved whenever it changed since; a new campaign is created as a draft and
 * the wizard reopens it at this step (?edit=<id>, as any draft), answering null: the panel there
 * starts instead of this one.
 */
export function useSavedDraftId(): () => Promise<number | null> {
  const navigate = useNavigate();
  const saved = useRef<{ id: number; payload: string } | null>(null);
  return useCallback(async () => {
    const { draft, editingId } = useWizardStore.getState();
    if (editingId === null) {
      const campaign = await createCampaign(toCreatePayload(draft));
      useCampaignsStore.getState().receive(campaign);
      startWhenReopened = campaign.id;
      navigate(`/campaigns/create?edit=${campaign.id}&step=${SCRIPT_STEP}`, { replace: true });
      return null;
    }
    const payload = JSON.stringify(toUpdatePayload(draft));
    if (saved.current?.id === editingId && saved.current.payload === payload) return editingId;
    const campaign = await updateCampaign(editingId, toUpdatePayload(draft));
    useCampaignsStore.getState().receive(campaign);
    saved.current = { id: campaign.id, payload };
    return campaign.id;
  }, [navigate]);
}

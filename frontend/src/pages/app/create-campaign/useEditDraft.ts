import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CAMPAIGN_CHANGE_ERRORS, CAMPAIGN_NOT_FOUND, canEditAgent } from '@ringcast/shared-types';
import { fetchCampaigns } from '../../../api/campaigns';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { useWizardStore } from '../../../stores/wizardStore';
import { draftFromCampaign } from '../../../components/campaigns/wizardDraft';

const leave = (navigate: ReturnType<typeof useNavigate>, description: string) => {
  toast({ title: 'Error', description, variant: 'destructive' });
  navigate('/campaigns', { replace: true });
};

/**
 * /campaigns/create?edit=<id> opens that draft campaign in the wizard (once: a reload keeps the
 * edits made since), or sends an active or paused one to its Edit agent page; /campaigns/create
 * without it starts a new campaign if an edit was open.
 * Answers whether the wizard can show its data yet.
 */
export function useEditDraft(editId: number | null): boolean {
  const navigate = useNavigate();
  const editingId = useWizardStore((s) => s.editingId);
  const startEditing = useWizardStore((s) => s.startEditing);
  const reset = useWizardStore((s) => s.reset);

  useEffect(() => {
    if (editId === null) {
      if (editingId !== null) reset();
      return;
    }
    if (editingId === editId) return;
    let cancelled = false;
    fetchCampaigns()
      .then((campaigns) => {
        if (cancelled) return;
        const campaign = campaigns.find((c) => c.id === editId);
        if (!campaign) return leave(navigate, CAMPAIGN_NOT_FOUND);
        // A running campaign's agent is edited on its own page (DESIGN decision 10), the rest stays.
        if (canEditAgent(campaign.status))
          return navigate(`/campaigns/${campaign.id}/agent`, { replace: true });
        if (campaign.status !== 'draft') return leave(navigate, CAMPAIGN_CHANGE_ERRORS.notDraft);
        startEditing(campaign.id, draftFromCampaign(campaign));
      })
      .catch((err: unknown) => {
        if (!cancelled) leave(navigate, requestErrorSentence(err, 'Failed to load the campaign'));
      });
    return () => {
      cancelled = true;
    };
  }, [editId, editingId, navigate, reset, startEditing]);

  return editId === null ? editingId === null : editingId === editId;
}

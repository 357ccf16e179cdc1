import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UpdateCampaignInput } from '@ringcast/shared-types';
import { updateCampaign } from '../../../api/campaigns';
import { CAMPAIGN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { agentChanges, agentPayload, useAgentEditStore } from '../../../stores/agentEditStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';
import { useCampaignsStore } from '../../../stores/campaignsStore';

/**
 * Saves the edited agent: only the fields that changed, so the version names exactly those. The
 * answer is the campaign at its new version; the campaign page shows it (and its push follows).
 */
export function useSaveAgent(campaignId: number) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    const { baseline, draft, reset } = useAgentEditStore.getState();
    const changed = agentChanges(baseline, draft);
    if (!changed.length) return;
    const payload = agentPayload(draft);
    setSaving(true);
    try {
      const campaign = await updateCampaign(
        campaignId,
        Object.fromEntries(changed.map((field) => [field, payload[field]])) as UpdateCampaignInput,
      );
      useCampaignsStore.getState().receive(campaign);
      useCampaignPageStore.getState().receive(campaign);
      toast({
        title: 'Agent Updated',
        description: `Saved as version ${campaign.agentVersion} of the agent.`,
      });
      reset();
      navigate(`/campaigns/${campaignId}`);
    } catch (err) {
      showRequestError(err, CAMPAIGN_WRITE_ERROR);
      setSaving(false);
    }
  };

  return { saving, save };
}

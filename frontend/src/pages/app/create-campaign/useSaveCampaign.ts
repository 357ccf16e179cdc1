import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showRequestError } from '../../../api/errorPolicy';
import { createCampaign, updateCampaign } from '../../../api/campaigns';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { useWizardStore } from '../../../stores/wizardStore';
import { checkoutPath } from '../../../components/campaigns/checkoutPath';
import { LAST_STEP } from '../../../components/campaigns/wizardSteps';
import { toCreatePayload, toUpdatePayload } from '../../../components/campaigns/wizardDraft';

export type SaveMode = 'draft' | 'payment';

/**
 * Step 8's two ways out: Save as Draft (to /campaigns) and Proceed to Payment (to /checkout).
 * Both store the campaign as a draft first; a failure stays on the step with an 'Error' toast.
 */
export function useSaveCampaign() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<SaveMode | null>(null);

  const save = async (mode: SaveMode) => {
    if (pending) return;
    const { draft, editingId, reset } = useWizardStore.getState();
    setPending(mode);
    try {
      const campaign = editingId
        ? await updateCampaign(editingId, toUpdatePayload(draft))
        : await createCampaign(toCreatePayload(draft));
      useCampaignsStore.getState().receive(campaign);
      if (mode === 'draft') {
        toast(
          editingId
            ? { title: 'Campaign Updated', description: 'Your campaign has been updated successfully.' }
            : { title: 'Campaign Created', description: 'Your campaign has been created successfully!' },
        );
        navigate('/campaigns');
      } else {
        toast({ title: 'Campaign Saved', description: 'Campaign saved as draft. Proceeding to payment...' });
        // The wizard's place in the history becomes the saved draft's last step, so the browser's
        // Back from checkout reopens the draft rather than an empty new campaign.
        navigate(`/campaigns/create?edit=${campaign.id}&step=${LAST_STEP}`, { replace: true });
        navigate(checkoutPath(campaign.id, draft));
      }
      reset();
    } catch (err) {
      // Spec §8: the server's words, or 'Failed to create campaign' when it sent none.
      showRequestError(err, { title: 'Error', fallback: 'Failed to create campaign' });
      setPending(null);
    }
  };

  return { pending, save };
}

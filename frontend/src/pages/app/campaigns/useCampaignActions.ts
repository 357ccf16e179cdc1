import { useState } from 'react';
import { toggleTargetFor, type Campaign } from '@ringcast/shared-types';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { CAMPAIGN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this campaign?';

type Pending = 'status' | 'delete' | null;

/** Pause/Start and Delete for one card, one request at a time, with the spec's toasts. */
export function useCampaignActions(campaign: Campaign) {
  const setStatus = useCampaignsStore((s) => s.setStatus);
  const deleteCampaign = useCampaignsStore((s) => s.deleteCampaign);
  const [pending, setPending] = useState<Pending>(null);

  const run = async (kind: Exclude<Pending, null>, action: () => Promise<unknown>, onDone: () => void) => {
    if (pending) return;
    setPending(kind);
    try {
      await action();
      onDone();
    } catch (err) {
      showRequestError(err, CAMPAIGN_WRITE_ERROR);
    } finally {
      setPending(null);
    }
  };

  const toggleStatus = () =>
    run(
      'status',
      () => setStatus(campaign.id, toggleTargetFor(campaign.status).status),
      () => toast({ title: 'Campaign Updated', description: 'Your campaign has been updated successfully.' }),
    );

  const remove = () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    return run(
      'delete',
      () => deleteCampaign(campaign.id),
      () => toast({ title: 'Campaign Deleted', description: 'Your campaign has been deleted successfully.' }),
    );
  };

  return { pending, toggleStatus, remove };
}

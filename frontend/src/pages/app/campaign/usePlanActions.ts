import { useState } from 'react';
import type { Campaign, CampaignPlanInput } from '@ringcast/shared-types';
import { cancelSubscription, changePlan, resumeSubscription } from '../../../api/billing';
import { CAMPAIGN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { useBillingStore } from '../../../stores/billingStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

type PlanPending = 'volume' | 'overage' | 'cancel' | 'resume' | null;

/** The campaign page's plan changes, cancel and resume, one request at a time. */
export function usePlanActions(campaign: Campaign) {
  const [pending, setPending] = useState<PlanPending>(null);

  const run = async (
    kind: Exclude<PlanPending, null>,
    request: () => Promise<Campaign | undefined>,
    done: string,
  ) => {
    if (pending) return false;
    setPending(kind);
    try {
      const updated = await request();
      // The answer shows at once; without one, the campaign:updated push brings the change.
      if (updated) useCampaignPageStore.getState().receive(updated);
      else void useCampaignPageStore.getState().refresh();
      if (useBillingStore.getState().status !== 'idle') void useBillingStore.getState().load();
      toast({ title: 'Plan Updated', description: done });
      return true;
    } catch (err) {
      showRequestError(err, CAMPAIGN_WRITE_ERROR);
      return false;
    } finally {
      setPending(null);
    }
  };

  const plan = (input: CampaignPlanInput, kind: 'volume' | 'overage', done: string) =>
    run(kind, () => changePlan(campaign.id, input), done);

  return {
    pending,
    changeVolume: (monthlyCallVolume: number, note: string) => plan({ monthlyCallVolume }, 'volume', note),
    setOverage: (overage: boolean) =>
      plan(
        { overage },
        'overage',
        overage
          ? 'Calls past the package are billed on the next invoice.'
          : 'Calling stops when the package is used.',
      ),
    cancel: () =>
      run(
        'cancel',
        () => cancelSubscription(campaign.id),
        'The campaign keeps calling until the end of this billing period, then stops.',
      ),
    resume: () => run('resume', () => resumeSubscription(campaign.id), 'The campaign renews as before.'),
  };
}

import { useState } from 'react';
import { toggleTargetFor, type Campaign } from '@ringcast/shared-types';
import { CAMPAIGN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { placeTestCall, updateMaxConcurrentCalls } from '../../../api/calls';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';
import { useCampaignsStore } from '../../../stores/campaignsStore';

type Pending = 'status' | 'test' | 'concurrency' | null;

/** Spec §8: a failed test call. */
export const TEST_CALL_FAILED = { title: 'Test Failed', fallback: 'Failed to create test campaign' };

/** Pause/Start, Test call and the calls-at-once setting of the campaign page, one request at a time. */
export function useCampaignPageActions(campaign: Campaign) {
  const setStatus = useCampaignsStore((s) => s.setStatus);
  const receive = useCampaignPageStore((s) => s.receive);
  const [pending, setPending] = useState<Pending>(null);

  const run = async (kind: Exclude<Pending, null>, action: () => Promise<void>) => {
    if (pending) return;
    setPending(kind);
    try {
      await action();
    } finally {
      setPending(null);
    }
  };

  const toggleStatus = () =>
    run('status', async () => {
      try {
        receive(await setStatus(campaign.id, toggleTargetFor(campaign.status).status));
        toast({ title: 'Campaign Updated', description: 'Your campaign has been updated successfully.' });
      } catch (err) {
        showRequestError(err, CAMPAIGN_WRITE_ERROR);
      }
    });

  /** Rings one of the owner's own phones: the profile's or a saved test number. */
  const testCall = (phoneNumber?: string) =>
    run('test', async () => {
      try {
        const answer = await placeTestCall(campaign.id, phoneNumber);
        toast({
          title: 'Test Call Placed',
          description: `Your phone will ring in a moment (status: ${answer.webhook.status}).`,
        });
      } catch (err) {
        showRequestError(err, { title: TEST_CALL_FAILED.title, fallback: TEST_CALL_FAILED.fallback });
      }
    });

  const setMaxConcurrentCalls = (value: number) =>
    run('concurrency', async () => {
      try {
        receive(await updateMaxConcurrentCalls(campaign.id, value));
        toast({ title: 'Campaign Updated', description: `Up to ${value} calls at once.` });
      } catch (err) {
        showRequestError(err, CAMPAIGN_WRITE_ERROR);
      }
    });

  return { pending, toggleStatus, testCall, setMaxConcurrentCalls };
}

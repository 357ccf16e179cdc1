import { useEffect, useRef } from 'react';
import { campaignInSetup, type Campaign } from '@ringcast/shared-types';
import { toast, useToastStore } from '../../../components/toast/toastStore';
import { firstSetupToastFor } from './setupToastMemory';

/** Spec §9: the setup-progress toast stays 3 s. */
export const SETUP_TOAST_MS = 3000;

/**
 * Spec §4: on the campaign list, when exactly one campaign is part-way through setup (1 to 7
 * flags), say so for 3 s: once for that campaign in this browser, not on every visit. The toast
 * belongs to the list: leaving it (for the campaign's page, say) takes the toast away.
 */
export function useSetupProgressToast(campaigns: Campaign[], ready: boolean) {
  const shownId = useRef<number | null>(null);

  useEffect(() => {
    if (!ready) return;
    const campaign = campaignInSetup(campaigns);
    if (!campaign || !firstSetupToastFor(campaign.id, window.localStorage)) return;
    const id = toast({
      title: 'Campaign Setup in Progress',
      description: `Our team is working on "${campaign.name}". You'll see updates here in real-time.`,
    });
    shownId.current = id;
    // Not cleared on re-render: a later push must not keep this toast up past its 3 s.
    setTimeout(() => useToastStore.getState().dismiss(id), SETUP_TOAST_MS);
  }, [campaigns, ready]);

  useEffect(
    () => () => {
      if (shownId.current !== null) useToastStore.getState().dismiss(shownId.current);
    },
    [],
  );
}

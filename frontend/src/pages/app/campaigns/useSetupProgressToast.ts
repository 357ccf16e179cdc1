import { useEffect, useRef } from 'react';
import { campaignInSetup, setupProgress, type Campaign } from '@ringcast/shared-types';
import { toast, useToastStore } from '../../../components/toast/toastStore';

/** Spec §9: the setup-progress toast stays 3 s. */
export const SETUP_TOAST_MS = 3000;

/**
 * Spec §4: when exactly one campaign is part-way through setup (1 to 7 flags), say so for 3 s:
 * once per visit of the page, and again when that campaign or its progress changes.
 */
export function useSetupProgressToast(campaigns: Campaign[], ready: boolean) {
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    const campaign = campaignInSetup(campaigns);
    const key = campaign ? `${campaign.id}:${setupProgress(campaign)}` : null;
    if (key === shown.current) return;
    shown.current = key;
    if (!campaign) return;
    const id = toast({
      title: 'Campaign Setup in Progress',
      description: `Our team is working on "${campaign.name}". You'll see updates here in real-time.`,
    });
    // Not cleared on re-render: a later push must not keep this toast up past its 3 s.
    setTimeout(() => useToastStore.getState().dismiss(id), SETUP_TOAST_MS);
  }, [campaigns, ready]);
}

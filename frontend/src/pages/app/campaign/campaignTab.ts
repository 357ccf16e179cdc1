import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const CAMPAIGN_TABS = ['overview', 'analytics'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

/** The tab a `?tab=` value names; Overview for anything else. */
export const campaignTabFrom = (value: string | null): CampaignTab =>
  CAMPAIGN_TABS.find((tab) => tab === value) ?? 'overview';

/** The campaign page's tab, kept in the address (?tab=analytics) so it can be linked and survives a reload. */
export function useCampaignTab() {
  const [params, setParams] = useSearchParams();
  const tab = campaignTabFrom(params.get('tab'));
  const setTab = useCallback(
    (next: CampaignTab) =>
      setParams(
        (current) => {
          const query = new URLSearchParams(current);
          if (next === 'overview') query.delete('tab');
          else query.set('tab', next);
          return query;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [tab, setTab] as const;
}

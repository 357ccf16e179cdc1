import type { Campaign } from '@ringcast/shared-types';

/** The campaign's Analytics tab: what its calls achieved over a range of days. */
export function AnalyticsTab({ campaign }: { campaign: Campaign }) {
  return <div className="rc-analytics" data-campaign={campaign.id} />;
}

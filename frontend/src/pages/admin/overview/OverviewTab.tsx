import { useEffect } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useAdminOverviewStore } from '../../../stores/adminOverviewStore';
import { OverviewTotals } from './OverviewTotals';
import { RecentCampaigns } from './RecentCampaigns';
import { OverviewAlerts } from './OverviewAlerts';
import { ConversationQuality } from './ConversationQuality';

/**
 * Totals, the five newest campaigns, the alerts and the conversation quality: read when the tab opens, kept current by the
 * realtime handlers while it is on screen, and polled every 5 s while the socket is down.
 */
export function OverviewTab() {
  const overview = useAdminOverviewStore((s) => s.overview);
  const status = useAdminOverviewStore((s) => s.status);
  const fetchOverview = useAdminOverviewStore((s) => s.fetch);

  useEffect(() => useAdminOverviewStore.getState().show(), []);
  useFallbackPoll(fetchOverview);

  if (!overview) {
    if (status === 'error')
      return (
        <Alert
          type="error"
          showIcon
          title="Could not load the overview."
          action={
            <Button size="small" onClick={() => void fetchOverview()}>
              Retry
            </Button>
          }
        />
      );
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  return (
    <div className="rc-admin-overview">
      <OverviewTotals overview={overview} />
      <div className="rc-admin-overview-columns">
        <RecentCampaigns campaigns={overview.recentCampaigns} />
        <OverviewAlerts overview={overview} />
      </div>
      <ConversationQuality />
    </div>
  );
}

import { Alert, Button, Empty, Spin } from 'antd';
import type { Campaign, CampaignAnalytics } from '@ringcast/shared-types';
import { useAnalyticsStore } from '../../../../stores/analyticsStore';
import { AnalyticsRangePicker } from './AnalyticsRangePicker';
import { shortDay } from './analyticsFormat';
import { daysIn } from '../../../../stores/analyticsRange';
import { FiguresCard } from './FiguresCard';
import { FunnelCard } from './FunnelCard';
import { HeatmapCard } from './HeatmapCard';
import { OverTimeCharts } from './OverTimeCharts';
import { QualityCard } from './QualityCard';
import { useAnalyticsLive } from './useAnalyticsLive';
import './analytics.css';

/** No call counted in the range: nothing placed, nothing received, no adjustment. */
const isEmpty = (a: CampaignAnalytics) =>
  a.totals.calls === 0 && a.funnel.placed === 0 && a.beside.received === 0;

function Figures({ analytics }: { analytics: CampaignAnalytics }) {
  if (isEmpty(analytics))
    return (
      <Empty
        className="rc-analytics-none"
        description="No call in this range. Pick a longer range, or come back once the campaign has called."
      />
    );
  return (
    <>
      <FunnelCard analytics={analytics} />
      <FiguresCard analytics={analytics} />
      <HeatmapCard analytics={analytics} />
      <OverTimeCharts days={analytics.days} />
      <QualityCard quality={analytics.quality} days={analytics.days} />
    </>
  );
}

/** The campaign's Analytics tab: what its calls achieved over a range of days, kept current as it calls. */
export function AnalyticsTab({ campaign }: { campaign: Campaign }) {
  useAnalyticsLive(campaign.id);
  const range = useAnalyticsStore((s) => s.range);
  const setRange = useAnalyticsStore((s) => s.setRange);
  const refresh = useAnalyticsStore((s) => s.refresh);
  // A previous campaign's figures are never shown, even for the moment before its tab's first read.
  const data = useAnalyticsStore((s) => (s.data?.campaignId === campaign.id ? s.data : null));
  const loading = useAnalyticsStore((s) => s.loading);
  const error = useAnalyticsStore((s) => s.error);

  return (
    <section className="rc-analytics" aria-label="Analytics" aria-busy={loading}>
      <div className="rc-analytics-bar">
        <AnalyticsRangePicker range={range} onChange={setRange} />
        <span className="rc-analytics-caption">
          {shortDay(range.from)} to {shortDay(range.to)}: {daysIn(range)} UTC days, both included.
        </span>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title="Could not load the analytics."
          description={error}
          action={
            <Button size="small" onClick={() => void refresh()}>
              Retry
            </Button>
          }
        />
      )}
      {data ? (
        <Spin spinning={loading} delay={200}>
          <div className="rc-analytics-cards">
            <Figures analytics={data} />
          </div>
        </Spin>
      ) : (
        !error && <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </section>
  );
}

import { Card, Progress } from 'antd';
import { formatSuccessRate, performanceBarPercent, type DashboardCampaign } from '@ringcast/shared-types';
import { CallNumbers } from '../../../components/campaigns/CallNumbers';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { PastDueAlert } from '../../../components/billing/PastDueAlert';
import { campaignTypeLabel, formatDate } from '../../../components/campaigns/format';

function PerformanceRow({ campaign }: { campaign: DashboardCampaign }) {
  const headingId = `performance-${campaign.id}-name`;
  return (
    <li className="rc-performance-row" role="article" aria-labelledby={headingId}>
      <div className="rc-performance-head">
        <h3 id={headingId}>{campaign.name}</h3>
        <CampaignStatusTag status={campaign.status} />
        <span className="rc-performance-meta">
          {campaignTypeLabel(campaign.type)} ·{' '}
          {campaign.status === 'draft' ? (
            'Not started'
          ) : (
            <>
              Started <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
            </>
          )}
        </span>
      </div>
      {campaign.status === 'past_due' && <PastDueAlert />}
      <CallNumbers
        totalCalls={campaign.totalCalls}
        successfulCalls={campaign.successfulCalls}
        successRate={campaign.successRate}
        totalCost={campaign.totalCost}
      />
      <Progress
        percent={performanceBarPercent(campaign.successRate)}
        showInfo={false}
        aria-label={`Success rate ${formatSuccessRate(campaign.successRate)}`}
      />
    </li>
  );
}

/** Each campaign's calls in the period, newest campaign first. */
export function PerformanceList({ campaigns }: { campaigns: DashboardCampaign[] }) {
  return (
    <Card title={<h2 className="rc-dashboard-heading">Performance</h2>}>
      {campaigns.length === 0 ? (
        <p className="rc-empty">No campaigns data available.</p>
      ) : (
        <ul className="rc-performance-list">
          {campaigns.map((campaign) => (
            <PerformanceRow key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </Card>
  );
}

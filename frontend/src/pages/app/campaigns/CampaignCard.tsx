import { Card } from 'antd';
import { successRate, type Campaign } from '@ringcast/shared-types';
import { CallNumbers } from '../../../components/campaigns/CallNumbers';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { campaignTypeLabel, formatDate } from '../../../components/campaigns/format';
import { CampaignActions } from './CampaignActions';
import { SetupProgress } from './SetupProgress';

/** One campaign: what it is, how its calls went, how far its setup is, and what the owner can do. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const headingId = `campaign-${campaign.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-campaign-id={campaign.id}
      className="rc-campaign-card"
      title={
        <h3 id={headingId} className="rc-campaign-name">
          {campaign.name}
        </h3>
      }
      extra={<CampaignStatusTag status={campaign.status} />}
    >
      <p className="rc-campaign-meta">
        <span>
          Type: <strong>{campaignTypeLabel(campaign.type)}</strong>
        </span>
        {campaign.customType && (
          <span>
            Custom type: <strong>{campaign.customType}</strong>
          </span>
        )}
        <span>
          Created <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
        </span>
      </p>
      <CallNumbers
        totalCalls={campaign.totalCalls}
        successfulCalls={campaign.successfulCalls}
        successRate={successRate(campaign.successfulCalls, campaign.totalCalls)}
        totalCost={campaign.totalCost}
      />
      <SetupProgress campaign={campaign} />
      <CampaignActions campaign={campaign} />
    </Card>
  );
}
